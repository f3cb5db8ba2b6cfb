/**
 * Staged rollouts (ADR 018): a canary that moves through shares of visitors by itself. The plan lives
 * in the canary's record in remotes.json, so every move of the canary (promote, rollback, another
 * canary) ends it with the canary, and a server that restarts reads it again. The functions here are
 * pure, like registry.ts: the registry as read in, the next one out, or a ReleaseError.
 */
import { HISTORY_LIMIT, ReleaseError, type Canary, type Move, type Registry, type Remote, type RemoteRecord } from './registry.ts';

export type Rollout = {
  /** Shares of visitors, rising, the last 100 (the promotion). */
  stages: number[];
  /** The stage the canary is at now (an index of `stages`). */
  stage: number;
  /** How long each stage lasts at least. */
  stepMs: number;
  /** When the rollout began, and when its current stage began: the figures count from `startedAt`. */
  startedAt: string;
  since: string;
  /** The rule's minimums (rollout-rule.ts). */
  minLoads: number;
  minFailures: number;
  /** Who paused it and when; a paused rollout neither advances nor aborts by itself. */
  paused: { by: string; at: string } | null;
};

export type RolloutDefaults = { stages: number[]; step: string; minLoads: number; minFailures: number };
export const ROLLOUT_DEFAULTS: RolloutDefaults = { stages: [5, 25, 50, 100], step: '10m', minLoads: 20, minFailures: 3 };

/** "5,25,50,100": whole percentages, rising, ending at 100 (the promotion), at least one below it. */
export const parseStages = (text: string): number[] => {
  const stages = text.split(',').map((part) => (/^\s*\d{1,3}%?\s*$/.test(part) ? Number.parseInt(part, 10) : NaN));
  const rising = stages.every((stage, index) => stage >= 1 && stage <= 100 && (index === 0 || stage > (stages[index - 1] as number)));
  if (!rising || stages.length < 2 || stages.at(-1) !== 100) {
    throw new ReleaseError(`--rollout takes rising percentages ending at 100, such as 5,25,50,100, not "${text}"`);
  }
  return stages;
};

export const planRollout = (stages: number[], stepMs: number, defaults: RolloutDefaults, at: string): Rollout => ({
  stages,
  stage: 0,
  stepMs,
  startedAt: at,
  since: at,
  minLoads: defaults.minLoads,
  minFailures: defaults.minFailures,
  paused: null,
});

const isShare = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100;

/** A canary's rollout as remotes.json holds it, or null when it has none (or one this code cannot follow). */
export const rolloutOf = (canary: Canary | null | undefined): Rollout | null => {
  const rollout = (canary as { rollout?: Partial<Rollout> } | null | undefined)?.rollout;
  if (!rollout || !Array.isArray(rollout.stages) || !rollout.stages.every(isShare)) return null;
  const valid =
    Number.isInteger(rollout.stage) &&
    (rollout.stage as number) >= 0 &&
    (rollout.stage as number) < rollout.stages.length - 1 &&
    typeof rollout.stepMs === 'number' &&
    typeof rollout.startedAt === 'string' &&
    typeof rollout.since === 'string' &&
    Number.isInteger(rollout.minLoads) &&
    Number.isInteger(rollout.minFailures);
  return valid ? (rollout as Rollout) : null;
};

const withCanary = (registry: Registry, remote: Remote, record: RemoteRecord, canary: Canary): Registry => ({
  remotes: { ...registry.remotes, [remote]: { ...record, canary } },
});

/** The remote's record with a rollout under way, or a refusal that says there is none. */
const rollingOut = (registry: Registry, remote: Remote): { record: RemoteRecord; canary: Canary; rollout: Rollout } => {
  const record = registry.remotes[remote];
  const rollout = rolloutOf(record?.canary);
  if (!record?.canary || !rollout) throw new ReleaseError(`${remote} has no rollout under way`);
  return { record, canary: record.canary, rollout };
};

/** Puts a canary's rollout into the registry, the canary already at its first stage. */
export const withRollout = (registry: Registry, remote: Remote, rollout: Rollout): Registry => {
  const record = registry.remotes[remote];
  if (!record?.canary) throw new ReleaseError(`${remote} has no canary to roll out`);
  return withCanary(registry, remote, record, { ...record.canary, rollout });
};

/** The canary's next stage below 100 (100 is a promotion, made by the promote command). */
export const advanceRollout = (registry: Registry, remote: Remote, move: Move): Registry => {
  const { record, canary, rollout } = rollingOut(registry, remote);
  const stage = rollout.stage + 1;
  const percentage = rollout.stages[stage] as number;
  if (percentage >= 100) throw new ReleaseError(`${remote}: the rollout's next stage is the promotion`);
  const history = [...record.history, { at: move.at, by: move.by, action: 'canary' as const, from: record.live, to: `${canary.version} (${percentage}%)`, why: move.why }];
  return withCanary(registry, remote, { ...record, history: history.slice(-HISTORY_LIMIT) }, { ...canary, percentage, rollout: { ...rollout, stage, since: move.at } });
};

export const pauseRollout = (registry: Registry, remote: Remote, move: Move): Registry => {
  const { record, canary, rollout } = rollingOut(registry, remote);
  if (rollout.paused) throw new ReleaseError(`${remote}: the rollout is already paused (by ${rollout.paused.by} at ${rollout.paused.at})`);
  return withCanary(registry, remote, record, { ...canary, rollout: { ...rollout, paused: { by: move.by, at: move.at } } });
};

/** Resumed, the stage starts afresh: its whole step time runs again from now. */
export const resumeRollout = (registry: Registry, remote: Remote, move: Move): Registry => {
  const { record, canary, rollout } = rollingOut(registry, remote);
  if (!rollout.paused) throw new ReleaseError(`${remote}: the rollout is not paused`);
  return withCanary(registry, remote, record, { ...canary, rollout: { ...rollout, paused: null, since: move.at } });
};

/** When the stage may move on, given that the rule then finds the canary not worse. */
export const nextMoveAt = (rollout: Rollout): Date => new Date(Date.parse(rollout.since) + rollout.stepMs);

/** "stage 2 of 4 (25% of visitors)" and what comes next, for the commands and the release page. */
export const describeRollout = (rollout: Rollout): string => {
  const next = rollout.stages[rollout.stage + 1] as number;
  const where = `stage ${rollout.stage + 1} of ${rollout.stages.length} (${rollout.stages[rollout.stage]}% of visitors) since ${rollout.since}`;
  if (rollout.paused) return `${where}; paused by ${rollout.paused.by} at ${rollout.paused.at}`;
  return `${where}; next ${next === 100 ? 'promotion' : `${next}%`} at ${nextMoveAt(rollout).toISOString()} if the canary is not worse than live`;
};
