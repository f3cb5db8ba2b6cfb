import type { Event, EventHint } from '@sentry/browser';
import { unwrapErrors } from './wrapped-errors.ts';

/** The API errors of this app spell it `correlation_id`; the camel case is for errors built in JS. */
const idOf = (value: Partial<Record<string, unknown>>): string | undefined => {
  const id = value['correlation_id'] ?? value['correlationId'];
  return (typeof id === 'string' && id !== '') || typeof id === 'number' ? String(id) : undefined;
};

/** The correlation id carried by an error, by anything it wraps (its `cause`, a server error). */
export const correlationIdOf = (error: unknown): string | undefined => {
  for (const wrapper of unwrapErrors(error)) {
    const id = idOf(wrapper);
    if (id !== undefined) return id;
  }
  return undefined;
};

/**
 * The correlation id of an event: from the original error first, then whatever was attached to the
 * event as extra data or as a context (`setContext('api', { correlation_id })`).
 */
export const findCorrelationId = (event: Event, hint?: EventHint): string | undefined =>
  [hint?.originalException, event.extra, ...Object.values(event.contexts ?? {})]
    .map(correlationIdOf)
    .find((id) => id !== undefined);
