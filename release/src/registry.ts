/**
 * remotes.json: for each remote, the version visitors get (live), the one the shell falls back to
 * when live will not load (lastKnownGood), an optional canary and the history of every move.
 * The functions here are pure: each takes the registry as read and returns the next one, or throws
 * a ReleaseError that says why the move is refused.
 */
export const REMOTES = ['login', 'registration', 'taster', 'assessments'] as const;
export type Remote = (typeof REMOTES)[number];

/** A version names a folder in a URL: letters, digits, dot, dash, underscore and plus only. */
export const VERSION_PATTERN = /^[\w.+-]{1,64}$/;

export type Action = 'release' | 'canary' | 'promote' | 'rollback';
export type HistoryEntry = {
  at: string;
  by: string;
  action: Action;
  from: string | null;
  to: string;
  why: string;
};
export type Canary = { version: string; percentage: number };
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

/** Makes `version` live. The version it replaces becomes the last known good one. */
export const release = (registry: Registry, remote: Remote, version: string, move: Move): Registry => {
  const record = recordOf(registry, remote);
  if (record?.live === version && !record.canary) throw new ReleaseError(`${remote} ${version} is already live`);
  return withRecord(registry, remote, {
    live: version,
    lastKnownGood: record && record.live !== version ? record.live : (record?.lastKnownGood ?? null),
    canary: null,
    history: appended(record?.history ?? [], entry(move, 'release', record?.live ?? null, version)),
  });
};

/** Offers `version` to a share of visitors; everybody else keeps the live version. */
export const startCanary = (
  registry: Registry,
  remote: Remote,
  version: string,
  percentage: number,
  move: Move,
): Registry => {
  const record = requireRecord(registry, remote);
  if (record.live === version) throw new ReleaseError(`${remote} ${version} is already live: a canary needs another version`);
  return withRecord(registry, remote, {
    ...record,
    canary: { version, percentage },
    history: appended(record.history, entry(move, 'canary', record.live, `${version} (${percentage}%)`)),
  });
};

/** Makes the canary live for everybody. */
export const promote = (registry: Registry, remote: Remote, move: Move): Registry => {
  const record = requireRecord(registry, remote);
  if (!record.canary) throw new ReleaseError(`${remote} has no canary to promote`);
  return withRecord(registry, remote, {
    live: record.canary.version,
    lastKnownGood: record.live,
    canary: null,
    history: appended(record.history, entry(move, 'promote', record.live, record.canary.version)),
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

/**
 * The version a plain `rollback` returns to: the one live before the current one, skipping any rolled
 * back from, so that a second rollback goes further back rather than returning to the broken version.
 */
export const previousVersion = (record: RemoteRecord): string | null => {
  const bad = rolledBackVersions(record);
  return liveVersions(record).find((candidate) => candidate !== record.live && !bad.has(candidate)) ?? null;
};

/**
 * Puts `version` back live (any published version, or by default the previous one) and drops any
 * canary. The version rolled back from is never the fallback: the last known good becomes the newest
 * other version that was live before the target, if any.
 */
export const rollback = (registry: Registry, remote: Remote, version: string | null, move: Move): Registry => {
  const record = requireRecord(registry, remote);
  const target = version ?? previousVersion(record);
  if (!target) throw new ReleaseError(`${remote} has no earlier version to roll back to`);
  if (target === record.live && !record.canary) throw new ReleaseError(`${remote} ${target} is already live`);
  const rolledBackFrom = record.live;
  const bad = rolledBackVersions(record);
  const olderGood = liveVersions(record).find(
    (candidate) => candidate !== target && candidate !== rolledBackFrom && !bad.has(candidate),
  );
  const lastKnownGood =
    record.lastKnownGood && record.lastKnownGood !== target && record.lastKnownGood !== rolledBackFrom
      ? record.lastKnownGood
      : (olderGood ?? null);
  return withRecord(registry, remote, {
    live: target,
    lastKnownGood,
    canary: null,
    history: appended(record.history, entry(move, 'rollback', rolledBackFrom, target)),
  });
};

/** Each pointer's name and value, for the commands' output. */
export const pointers = (record: RemoteRecord | undefined): [string, string][] => [
  ['live', record?.live ?? '(none)'],
  ['last known good', record?.lastKnownGood ?? '(none)'],
  ['canary', record?.canary ? `${record.canary.version} for ${record.canary.percentage}% of visitors` : '(none)'],
];
