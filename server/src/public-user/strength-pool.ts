import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { StrengthEstimate } from './password-strength.ts';

export type StrengthPool = {
  /** The estimate, or 'busy' when the queue is full (the caller answers 503 at once). */
  estimate: (password: string) => Promise<StrengthEstimate | 'busy'>;
  close: () => Promise<void>;
};

/**
 * Tasks that may wait for each thread: at about 8 ms an estimate, the last in the queue is answered
 * within about 250 ms, and a burst of one address's 30 allowed checks still fits.
 */
const QUEUED_PER_THREAD = 32;

/**
 * Strength estimates run on worker threads (piscina), never on the event loop: a slow one delays
 * nobody's /health or login. The queue is bounded, so a flood is refused at once (503) instead of
 * waiting behind itself; one thread less than the cores, so the event loop keeps one.
 */
export const createStrengthPool = ({ maxQueue }: { maxQueue?: number } = {}): StrengthPool => {
  const threads = Math.max(1, availableParallelism() - 1);
  const queueLimit = maxQueue ?? threads * QUEUED_PER_THREAD;
  const pool = new Piscina({
    filename: new URL('./strength-worker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    maxQueue: queueLimit,
    // The dictionaries load once per thread; an idle thread keeps them.
    idleTimeout: 60_000,
  });
  return {
    estimate: async (password) => {
      if (pool.queueSize >= queueLimit) return 'busy';
      return (await pool.run(password)) as StrengthEstimate;
    },
    close: () => pool.close(),
  };
};
