import type { Event, EventHint } from '@sentry/browser';
import { findCorrelationId } from './correlation-id.ts';
import { scrubEvent } from './scrub-event.ts';
import { shouldSend } from './should-send.ts';

/**
 * Sentry's `beforeSend`: drops the never-sent messages; sends everything else as a warning (spec
 * section 8), tagged with its correlation id so it can be found in the server's logs, and scrubbed of
 * credentials.
 */
export const beforeSend = <T extends Event>(event: T, hint?: EventHint): T | null => {
  if (!shouldSend(event, hint)) return null;
  const correlationId = findCorrelationId(event, hint);
  const scrubbed = scrubEvent(event);
  return {
    ...scrubbed,
    level: 'warning',
    ...(correlationId === undefined ? {} : { tags: { ...scrubbed.tags, correlation_id: correlationId } }),
  };
};
