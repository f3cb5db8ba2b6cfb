import { scrubText } from './scrub-text.ts';
import { FILTERED, isSensitiveKey } from './sensitive-keys.ts';

/** Deeper than Sentry's own normalisation (3) ever delivers, so the limit only guards against abuse. */
const MAX_DEPTH = 10;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

const scrub = (value: unknown, depth: number, seen: WeakSet<object>): unknown => {
  if (typeof value === 'string') return scrubText(value);
  if (!isRecord(value)) return value;
  // Beyond the limit or in a cycle nothing is known about the content, so none of it is sent.
  if (depth >= MAX_DEPTH) return FILTERED;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  const result = Array.isArray(value)
    ? value.map((item) => scrub(item, depth + 1, seen))
    : Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          isSensitiveKey(key) && item != null ? FILTERED : scrub(item, depth + 1, seen),
        ]),
      );
  seen.delete(value);
  return result;
};

/**
 * A copy of `value` with every credential replaced: values under sensitive keys whatever their type,
 * and credentials inside every string. Used for event extra, contexts and request data, and breadcrumb data.
 */
export const scrubData = <T>(value: T): T => scrub(value, 0, new WeakSet()) as T;
