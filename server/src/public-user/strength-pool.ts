import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { StrengthEstimate } from './password-strength.ts';
import type { TimedEstimate } from './strength-worker.ts';

export type StrengthPool = {
  /** The estimate, or 'busy' when it could not start soon enough (the caller answers 503 at once). */
  estimate: (password: string) => Promise<StrengthEstimate | 'busy'>;
  close: () => Promise<void>;
};

/**
 * How long an estimate may wait for a thread. A meter that answers within about 30 ms (this wait
 * and one estimate) feels instant; under a flood from many addresses the threads serve as many
 * estimates as they can either way, and a longer queue would only make every answer later, so the
 * rest are refused at once (ASVS 5.0 V2.4: anti-automation that keeps the service responsive).
 */
const MAX_WAIT_MS = 20;
/** What one estimate is taken to cost until the threads have measured it (32 characters, ADR 013). */
const FIRST_ESTIMATE_MS = 10;
/** The weight of the newest measurement in the running cost of an estimate. */
const SMOOTHING = 0.2;

/**
 * Strength estimates run on worker threads (piscina), never on the event loop: a slow one delays
 * nobody's /health or login. One thread less than the cores, so the event loop keeps one. An
 * estimate is admitted only when the work already admitted lets it start within `maxWaitMs`.
 */
export const createStrengthPool = ({ maxWaitMs = MAX_WAIT_MS }: { maxWaitMs?: number } = {}): StrengthPool => {
  const threads = Math.max(1, availableParallelism() - 1);
  const pool = new Piscina({
    filename: new URL('./strength-worker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    // The dictionaries load once per thread; an idle thread keeps them.
    idleTimeout: 60_000,
  });
  let admitted = 0;
  let estimateMs = FIRST_ESTIMATE_MS;
  return {
    estimate: async (password) => {
      const waitMs = (Math.max(0, admitted + 1 - threads) / threads) * estimateMs;
      if (waitMs > maxWaitMs) return 'busy';
      admitted += 1;
      try {
        const { ms, ...estimate } = (await pool.run(password)) as TimedEstimate;
        estimateMs += SMOOTHING * (ms - estimateMs);
        return estimate;
      } finally {
        admitted -= 1;
      }
    },
    close: () => pool.close(),
  };
};
