import { MODULE_LOAD_RETRY_DELAYS_MS } from '@entry/constants';

/**
 * How long one attempt at a remote may take (manifest, entry and the exposed module's chunks). The
 * runtime's own default is 20 s a request, which with the retries kept a visitor waiting over 80 s for a
 * hung server.
 */
export const MODULE_LOAD_TIMEOUT_MS = 5000;

/**
 * With a version to fall back to, a remote version gets this long, retries included, before the visitor
 * is moved to the fallback: each attempt is cut to what is left of it, and no retry starts without a
 * second left. The fallback then has one attempt of ATTEMPT_WITH_FALLBACK_MS, so a visitor sees a working
 * screen within 10 s whatever the fault. Without a fallback there is nothing better to do than the SPEC's
 * full 1-2-4 s retries.
 */
export const VERSION_BUDGET_MS = 6000;
export const ATTEMPT_WITH_FALLBACK_MS = 3000;
const LAST_ATTEMPT_MIN_MS = 1000;

export type RetryPlan = {
  /** The time limit of the next attempt, started `elapsed` ms after the first. */
  attemptTimeout: (elapsed: number) => number;
  /** The wait before retry number `retry` (0-based) after a transient fault, or null to stop. */
  nextDelay: (retry: number, elapsed: number) => number | null;
};

export const retryPlan = (hasFallback: boolean): RetryPlan =>
  hasFallback
    ? {
        attemptTimeout: (elapsed) => Math.max(LAST_ATTEMPT_MIN_MS, Math.min(ATTEMPT_WITH_FALLBACK_MS, VERSION_BUDGET_MS - elapsed)),
        nextDelay: (retry, elapsed) => {
          const delay = MODULE_LOAD_RETRY_DELAYS_MS[retry];
          return delay !== undefined && elapsed + delay + LAST_ATTEMPT_MIN_MS <= VERSION_BUDGET_MS ? delay : null;
        },
      }
    : {
        attemptTimeout: () => MODULE_LOAD_TIMEOUT_MS,
        nextDelay: (retry) => MODULE_LOAD_RETRY_DELAYS_MS[retry] ?? null,
      };

/** Adds a timestamp so a retry is not answered from a cache that holds the failed response. */
export const withCacheBust = (url: string, now: number = Date.now()): string => {
  const busted = new URL(url, globalThis.location?.href);
  busted.searchParams.set('t', String(now));
  return busted.href;
};
