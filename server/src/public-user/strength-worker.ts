import { estimateStrength, type StrengthEstimate } from './password-strength.ts';

export type TimedEstimate = StrengthEstimate & { ms: number };

/** A worker thread of the strength pool (strength-pool.ts): estimates one password per task, and says how long it took. */
export default (password: string): TimedEstimate => {
  const started = performance.now();
  const estimate = estimateStrength(password);
  return { ...estimate, ms: performance.now() - started };
};
