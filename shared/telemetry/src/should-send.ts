import type { Event, EventHint } from '@sentry/browser';
import { messagesOf } from './wrapped-errors.ts';

/**
 * Expected outcomes of the user's own input (spec section 8): the screen already explains them, and
 * reporting them would bury real faults.
 */
export const NEVER_SENT_MESSAGES = [
  'Username and password do not match',
  'password should not be empty',
  'Your email address is already registered with us',
  'New password is weak',
] as const;

const NEVER_SENT_LOWER_CASE = NEVER_SENT_MESSAGES.map((message) => message.toLowerCase());

/** Contains rather than equals: wrappers prefix the type or status ("Error: ...", "401: ..."). */
export const isNeverSentMessage = (text: string): boolean => {
  const lowerCase = text.toLowerCase();
  return NEVER_SENT_LOWER_CASE.some((message) => lowerCase.includes(message));
};

/** Every text by which an event could carry one of the never-sent messages. */
const textsOf = (event: Event, hint?: EventHint): string[] => [
  ...(event.message === undefined ? [] : [event.message]),
  ...(event.logentry?.message === undefined ? [] : [event.logentry.message]),
  ...(event.exception?.values ?? []).flatMap(({ value }) => (value === undefined ? [] : [value])),
  ...messagesOf(event.extra?.['__serialized__']),
  ...messagesOf(hint?.originalException),
];

/** False for an event the specification says must never reach the error-reporting service. */
export const shouldSend = (event: Event, hint?: EventHint): boolean => !textsOf(event, hint).some(isNeverSentMessage);
