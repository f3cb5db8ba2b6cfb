import { estimateStrength } from './password-strength.ts';

/** A worker thread of the strength pool (strength-pool.ts): estimates one password per task. */
export default estimateStrength;
