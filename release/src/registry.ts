/**
 * remotes.json: for each remote, the version visitors get (live), the one the shell falls back to
 * when live will not load (lastKnownGood), an optional canary and the history of every move.
 * The functions here are pure: each takes the registry as read and returns the next one, or throws
 * a ReleaseError that says why the move is refused.
 */
import type { Rollout } from './rollout.ts';

export const REMOTES = ['login', 'registration', 'taster', 'assessments'] as const;
export type Remote = (typeof REMOTES)[number];

/** A version names a folder in a URL: letters, digits, dot, dash, underscore and plus only. */
export const VERSION_PATTERN = /^[\w.+-]{1,64}$/;

export type Action = 'release' | 'canary' | 'promote' | 'rollback';
/**
 * What a move may do beyond its plain meaning, each only when asked: end a running canary, replace it
 * with another version, and which versions visitors' failure reports rule out as last known good.
 */
export type MoveOptions = { cancelCanary?: boolean; replaceCanary?: boolean; unhealthy?: ReadonlySet<string> };
export type HistoryEntry = {
  at: string;
  by: string;
  action: Action;
  from: string | null;
  to: string;
  why: string;
};
/** A canary may be on a staged rollout (rollout.ts), which ends with it. */
export type Canary = { version: string; percentage: number; rollout?: Rollout };
export type RemoteRecord = {
  live: string;
  lastKnownGood: string | null;
  canary: Canary | null;
  history: HistoryEntry[];
};
export type Registry = { remotes: Partial<Record<Remote, RemoteRecord>> };

export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** JSON.parse, with a refusal that names the file instead of a SyntaxError. */
export const parseJson = (text: string, where: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ReleaseError(`${where} is not valid JSON`);
  }
};

export const isRemote = (value: string): value is Remote => (REMOTES as readonly string[]).includes(value);

export const assertVersion = (version: string): string => {
  if (!VERSION_PATTERN.test(version)) {
    throw new ReleaseError(`"${version}" is not a version: use letters, digits, ".", "-", "_" or "+" (at most 64)`);
  }
  return version;
};

/** Parses a `--canary` value: "25%" or "25", a whole number from 1 to 99. */
export const parsePercentage = (value: string): number => {
  const match = /^(\d{1,2})%?$/.exec(value.trim());
  const percentage = match ? Number(match[1]) : NaN;
  if (!(percentage >= 1 && percentage <= 99)) {
    throw new ReleaseError(`--canary takes a percentage from 1% to 99%, not "${value}"`);
  }
  return percentage;
};

const isRecord = (value: unknown): value is RemoteRecord => {
  const record = value as RemoteRecord | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.live === 'string' &&
    (record.lastKnownGood === null || typeof record.lastKnownGood === 'string') &&
    (record.canary === null ||
      (typeof record.canary?.version === 'string' && typeof record.canary.percentage === 'number')) &&
    Array.isArray(record.history)
  );
};

/** Reads remotes.json as stored; an environment with no registry yet starts empty. */
export const parseRegistry = (text: string | null): Registry => {
  if (text === null) return { remotes: {} };
  const body = parseJson(text, 'remotes.json');
  const remotes = (body as Registry | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new ReleaseError('remotes.json has no "remotes" object');
  for (const [name, record] of Object.entries(remotes)) {
    if (!isRemote(name) || !isRecord(record)) {
      throw new ReleaseError(`remotes.json has an invalid entry for "${name}" (expected live, lastKnownGood, canary, history)`);
    }
  }
  return { remotes };
};

export const serializeRegistry = (registry: Registry): string => `${JSON.stringify(registry, null, 2)}\n`;

export type Move = { by: string; why: string; at: string };

const recordOf = (registry: Registry, remote: Remote): RemoteRecord | undefined => registry.remotes[remote];

const requireRecord = (registry: Registry, remote: Remote): RemoteRecord => {
  const record = recordOf(registry, remote);
  if (!record) throw new ReleaseError(`${remote} has never been released in this environment`);
  return record;
};

const withRecord = (registry: Registry, remote: Remote, record: RemoteRecord): Registry => ({
  remotes: { ...registry.remotes, [remote]: record },
});

const entry = (move: Move, action: Action, from: string | null, to: string): HistoryEntry => ({
  at: move.at,
  by: move.by,
  action,
  from,
  to,
  why: move.why,
});

/**
 * Every visitor downloads remotes.json, so each remote keeps its last 100 moves; the version folders
 * themselves stay, and any published version can still be rolled back to by name.
 */
export const HISTORY_LIMIT = 100;
const appended = (history: HistoryEntry[], next: HistoryEntry): HistoryEntry[] => [...history, next].slice(-HISTORY_LIMIT);

const describeCanary = ({ version, percentage }: Canary) => `${version} for ${percentage}% of visitors`;

/** A running canary ends only when the release manager says so. */
const assertMayEndCanary = (remote: Remote, record: RemoteRecord | undefined, { cancelCanary = false }: MoveOptions, doing: string) => {
  if (record?.canary && !cancelCanary) {
    throw new ReleaseError(
      `refused: ${remote} has a canary running (${describeCanary(record.canary)}); ${doing} would end it. Add --cancel-canary to end it.`,
    );
  }
};

/**
 * The fallback after a move: the first of `candidates`, then of the versions that have been live
 * (newest first), that is not the new live version, was never rolled back from since it was last live,
 * and that visitors' failure reports do not rule out.
 */
const chooseLastKnownGood = (
  record: RemoteRecord | undefined,
  live: string,
  candidates: (string | null | undefined)[],
  { unhealthy = new Set() }: MoveOptions,
  alsoBad: (string | null)[] = [],
): string | null => {
  const bad = record ? rolledBackVersions(record) : new Set<string>();
  for (const version of alsoBad) if (version) bad.add(version);
  const ordered = [...candidates, ...(record ? liveVersions(record) : [])];
  return ordered.find((candidate): candidate is string => !!candidate && candidate !== live && !bad.has(candidate) && !unhealthy.has(candidate)) ?? null;
};

/**
 * Makes `version` live. The version it replaces becomes the last known good one, unless visitors'
 * failure reports rule it out. Releasing the canary's version makes it live for everybody; any other
 * release during a canary ends it, which needs `cancelCanary`.
 */
export const release = (registry: Registry, remote: Remote, version: string, move: Move, options: MoveOptions = {}): Registry => {
  const record = recordOf(registry, remote);
  if (record?.live === version) {
    throw new ReleaseError(
      record.canary
        ? `${remote} ${version} is already live; to end the canary (${describeCanary(record.canary)}) run: npm run rollback -- ${remote} --cancel-canary`
        : `${remote} ${version} is already live`,
    );
  }
  if (record?.canary?.version !== version) assertMayEndCanary(remote, record, options, `releasing ${version}`);
  return withRecord(registry, remote, {
    live: version,
    lastKnownGood: chooseLastKnownGood(record, version, [record?.live, record?.lastKnownGood], options),
    canary: null,
    history: appended(record?.history ?? [], entry(move, 'release', record?.live ?? null, version)),
  });
};

/**
 * Offers `version` to a share of visitors; everybody else keeps the live version. The same canary may
 * change its share; another version replaces a running canary only with `replaceCanary`.
 */
export const startCanary = (
  registry: Registry,
  remote: Remote,
  version: string,
  percentage: number,
  move: Move,
  { replaceCanary = false }: MoveOptions = {},
): Registry => {
  const record = requireRecord(registry, remote);
  if (record.live === version) throw new ReleaseError(`${remote} ${version} is already live: a canary needs another version`);
  if (record.canary && record.canary.version !== version && !replaceCanary) {
    throw new ReleaseError(
      `refused: ${remote} has a canary running (${describeCanary(record.canary)}). Add --replace-canary to replace it with ${version}.`,
    );
  }
  return withRecord(registry, remote, {
    ...record,
    canary: { version, percentage },
    history: appended(record.history, entry(move, 'canary', record.live, `${version} (${percentage}%)`)),
  });
};

/** Makes the canary live for everybody; the live version it replaces becomes the last known good one. */
export const promote = (registry: Registry, remote: Remote, move: Move, options: MoveOptions = {}): Registry => {
  const record = requireRecord(registry, remote);
  if (!record.canary) throw new ReleaseError(`${remote} has no canary to promote`);
  const live = record.canary.version;
  return withRecord(registry, remote, {
    live,
    lastKnownGood: chooseLastKnownGood(record, live, [record.live, record.lastKnownGood], options),
    canary: null,
    history: appended(record.history, entry(move, 'promote', record.live, live)),
  });
};

/** Versions that have been live, newest first, without repeats. */
export const liveVersions = (record: RemoteRecord): string[] => {
  const versions = record.history
    .filter(({ action }) => action !== 'canary')
    .map(({ to }) => to)
    .reverse();
  return [...new Set([record.live, ...versions])];
};

/** Versions rolled back from and not live again since: known bad, so never a rollback's target or fallback. */
const rolledBackVersions = (record: RemoteRecord): Set<string> => {
  const bad = new Set<string>();
  for (const { action, from, to } of record.history) {
    if (action === 'canary') continue;
    bad.delete(to);
    if (action === 'rollback' && from) bad.add(from);
  }
  return bad;
};

/** True when `version` was rolled back from and has not been live since. */
export const isRolledBackFrom = (record: RemoteRecord, version: string): boolean => rolledBackVersions(record).has(version);

/**
 * The version a plain `rollback` returns to: the one live before the current one, skipping any rolled
 * back from, so that a second rollback goes further back rather than returning to the broken version.
 */
export const previousVersion = (record: RemoteRecord): string | null => {
  const bad = rolledBackVersions(record);
  return liveVersions(record).find((candidate) => candidate !== record.live && !bad.has(candidate)) ?? null;
};

/**
 * Puts `version` back live (any published version, or by default the previous one). The version rolled
 * back from is never the fallback: the last known good becomes the newest other healthy version that was
 * live before. During a canary a rollback needs `cancelCanary`; without a version it then ends only the
 * canary (the newest move), with one it also moves live.
 */
export const rollback = (registry: Registry, remote: Remote, version: string | null, move: Move, options: MoveOptions = {}): Registry => {
  const record = requireRecord(registry, remote);
  assertMayEndCanary(remote, record, options, 'a rollback');
  const target = version ?? (record.canary ? record.live : previousVersion(record));
  if (!target) throw new ReleaseError(`${remote} has no earlier version to roll back to`);
  if (target === record.live && !record.canary) throw new ReleaseError(`${remote} ${target} is already live`);
  // Ending only the canary rolls back from the canary's version; otherwise from the live one.
  const rolledBackFrom = target === record.live && record.canary ? record.canary.version : record.live;
  return withRecord(registry, remote, {
    live: target,
    lastKnownGood: chooseLastKnownGood(record, target, [record.lastKnownGood === rolledBackFrom ? null : record.lastKnownGood], options, [
      rolledBackFrom,
      record.live === target ? null : record.live,
    ]),
    canary: null,
    history: appended(record.history, entry(move, 'rollback', rolledBackFrom, target)),
  });
};

/**
 * Refuses a registry the deployed shell cannot run: every remote its routes load needs a live version,
 * or every one of that remote's routes fails.
 */
export const assertServes = (registry: Registry, needed: readonly string[]): void => {
  const missing = needed.filter((name) => !isRemote(name) || !registry.remotes[name]);
  if (missing.length > 0) {
    throw new ReleaseError(
      `refused: remotes.json would have no live version of ${missing.join(', ')}, which the shell's routes load, so every route of ${
        missing.length === 1 ? 'it' : 'theirs'
      } would fail. Deploy the whole site into this environment first (npm run build deploys the local one).`,
    );
  }
};

/** Each pointer's name and value, for the commands' output. */
export const pointers = (record: RemoteRecord | undefined): [string, string][] => [
  ['live', record?.live ?? '(none)'],
  ['last known good', record?.lastKnownGood ?? '(none)'],
  ['canary', record?.canary ? `${record.canary.version} for ${record.canary.percentage}% of visitors` : '(none)'],
];
