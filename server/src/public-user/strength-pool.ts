import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { StrengthEstimate } from './password-strength.ts';

export type StrengthPool = {
  /** The estimate, or 'busy' when the queue is full (the caller answers 503 at once). */
  estimate: (password: string) => Promise<StrengthEstimate | 'busy'>;
  close: () => Promise<void>;
};

/**
 * Strength estimates run on worker threads (piscina), never on the event loop: a slow one delays
 * nobody's /health or login. The queue is bounded, so a flood is refused at once instead of
 * waiting; one thread less than the cores, so the event loop keeps one.
 */
export const createStrengthPool = ({ maxQueue = 64 }: { maxQueue?: number } = {}): StrengthPool => {
  const pool = new Piscina({
    filename: new URL('./strength-worker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: Math.max(1, availableParallelism() - 1),
    maxQueue,
    // The dictionaries load once per thread; an idle thread keeps them.
    idleTimeout: 60_000,
  });
  return {
    estimate: async (password) => {
      if (pool.queueSize >= maxQueue) return 'busy';
      return (await pool.run(password)) as StrengthEstimate;
    },
    close: () => pool.close(),
  };
};
