/**
 * When a rollout's canary is worse than live (ADR 018). Each side is a proportion: visitors whose browser
 * failed to load the version, out of the page loads that version had, both counted since the rollout
 * began. Each proportion gets a one-sided 99% Wilson score interval; the canary is worse when the low end
 * of its interval lies above the high end of live's, with at least `minFailures` failed visitors.
 * It is not worse when both sides have at least `minLoads` loads and it is not worse by that test.
 * Otherwise there are too few figures to say.
 *
 * The rule is asked again every few seconds over a rollout, which multiplies the chances of a false
 * alarm; 99% on each side (and the whole of the other side's interval) keeps that low, and a canary
 * failing for a tenth of its visitors or more is still stopped after a handful of failures.
 */
export type Side = { loads: number; failures: number };
export type Verdict = { verdict: 'worse' | 'not-worse' | 'too-few'; reason: string };

/** The normal quantile of a one-sided 99% bound. */
export const Z_99 = 2.326;

/** Wilson score interval of `failures` out of `loads` (failures beyond the loads count as loads: beacons can be lost). */
export const wilson = ({ loads, failures }: Side, z = Z_99): { low: number; high: number } => {
  const n = Math.max(loads, failures);
  if (n === 0) return { low: 0, high: 1 };
  const p = failures / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
};

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
export const describeSide = (name: string, { loads, failures }: Side) =>
  `${name} ${failures} failed of ${Math.round(loads)} loads (${percent(loads > 0 ? Math.min(1, failures / loads) : 0)})`;

export const judge = (canary: Side, live: Side, { minLoads, minFailures }: { minLoads: number; minFailures: number }): Verdict => {
  const figures = `${describeSide('canary', canary)}, ${describeSide('live', live)}`;
  const c = wilson(canary);
  const l = wilson(live);
  if (canary.failures >= minFailures && c.low > l.high) {
    return { verdict: 'worse', reason: `${figures}: worse than live (99% bounds: canary at least ${percent(c.low)}, live at most ${percent(l.high)})` };
  }
  if (canary.loads >= minLoads && live.loads >= minLoads) return { verdict: 'not-worse', reason: `${figures}: not worse than live` };
  return { verdict: 'too-few', reason: `${figures}: too few loads to judge (at least ${minLoads} on each side)` };
};
