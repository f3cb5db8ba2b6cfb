import { isCanaryVisitor, REMOTE_NAMES, type RemoteName } from '@entry/routes';

/**
 * One published version of a remote and the URL of its manifest. `script` is its entry script when the
 * composing server has checked the version against this shell's shared modules: the browser then loads
 * the script directly, without the manifest's fetch and the runtime's work on it (ADR 024). `direct` is
 * the same screens as one plain script that takes the shell's shared modules without the runtime at
 * all (ADR 027); `directNeeds` names those of them the shell's start leaves out, which it loads before
 * the script runs. `styles` are the screens' stylesheets, for a remote whose screens a composed page
 * does not hold: the browser links them with the direct script when it navigates there (ADR 030).
 */
export type RemoteTarget = { version: string; entry: string; script?: string; direct?: string; directNeeds?: string[]; styles?: string[] };
/**
 * Where this visitor gets a remote from: the live version, the canary, a developer's override, the
 * version a preview link pinned, or the fallback because the chosen version already failed to load in this tab.
 */
export type RemoteSource = 'live' | 'canary' | 'override' | 'fallback' | 'preview';
export type ResolvedRemote = RemoteTarget & {
  source: RemoteSource;
  /** When the registry put this version in front of its visitors (as live or canary), if it says. */
  since?: string;
  /** What to load instead when this will not load after its retries. */
  fallback: RemoteTarget | null;
  /** True when the remote has a canary running (whichever version this visitor gets): its loads are all counted. */
  canaryRunning?: boolean;
};
export type RemoteRegistry = Record<RemoteName, ResolvedRemote>;

/**
 * The part of remotes.json the shell reads (the release tooling also keeps each remote's history there).
 * A development server's registry also names `overrides`: each remote from its own dev server.
 */
type RemoteRecord = {
  live: string;
  lastKnownGood: string | null;
  canary: { version: string; percentage: number } | null;
  /** When live, and the canary, last moved (from the history the release tooling keeps), if it says. */
  liveSince?: string;
  canarySince?: string;
  /** Versions a rollback went from (a cancelled canary, an abort, a rolled back release), newest last. */
  withdrawn: string[];
};
export type RegistryDocument = {
  remotes: Record<RemoteName, RemoteRecord>;
  overrides: Partial<Record<RemoteName, string>>;
};

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** A version is a folder name in a URL: nothing that could step out of it. */
const VERSION_PATTERN = /^[\w.+-]{1,64}$/;
const isVersion = (value: unknown): value is string => typeof value === 'string' && VERSION_PATTERN.test(value);

const isCanary = (value: unknown): value is { version: string; percentage: number } => {
  const canary = value as { version?: unknown; percentage?: unknown } | null;
  return (
    typeof canary === 'object' &&
    canary !== null &&
    isVersion(canary.version) &&
    typeof canary.percentage === 'number' &&
    canary.percentage >= 0 &&
    canary.percentage <= 100
  );
};

const parseOverrides = (value: unknown): Partial<Record<RemoteName, string>> =>
  Object.fromEntries(
    Object.entries(typeof value === 'object' && value !== null ? value : {}).filter(
      ([name, url]) => (REMOTE_NAMES as readonly string[]).includes(name) && typeof url === 'string',
    ),
  );

type HistoryEntry = { at?: unknown; action?: unknown; to?: unknown };

/** When the newest move that matches `moved` was made, from a history as the release tooling writes it. */
const lastMove = (history: unknown, moved: (entry: HistoryEntry) => boolean): string | undefined => {
  const entries = Array.isArray(history) ? (history as HistoryEntry[]) : [];
  const found = [...entries].reverse().find((entry) => typeof entry?.at === 'string' && moved(entry));
  return typeof found?.at === 'string' && !Number.isNaN(Date.parse(found.at)) ? found.at : undefined;
};

/** The versions rollbacks went from, as the release tooling writes its history. */
const withdrawnVersions = (history: unknown): string[] =>
  (Array.isArray(history) ? (history as { action?: unknown; from?: unknown }[]) : []).flatMap(({ action, from }) =>
    action === 'rollback' && isVersion(from) ? [from] : [],
  );

/**
 * True when a tab running `version` of a remote should move on at its next navigation: a rollback went
 * from that version and the registry offers it to nobody now (neither live nor the canary).
 */
export const isWithdrawn = (record: RemoteRecord, version: string): boolean =>
  record.withdrawn.includes(version) && version !== record.live && version !== record.canary?.version;

/** Checks the shape of remotes.json: every remote with a live version, and valid fallback and canary. */
export const parseRemoteRegistry = (body: unknown): RegistryDocument => {
  const { remotes, overrides } = (body as { remotes?: Record<string, unknown>; overrides?: unknown } | null) ?? {};
  if (typeof remotes !== 'object' || remotes === null) throw new RegistryError('remotes.json has no "remotes" object');
  const records = Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const record = remotes[name] as { live?: unknown; lastKnownGood?: unknown; canary?: unknown; history?: unknown } | undefined;
      if (!record || !isVersion(record.live)) throw new RegistryError(`remotes.json has no valid live version for "${name}"`);
      if (record.lastKnownGood != null && !isVersion(record.lastKnownGood)) {
        throw new RegistryError(`remotes.json has an invalid last known good version for "${name}"`);
      }
      if (record.canary != null && !isCanary(record.canary)) throw new RegistryError(`remotes.json has an invalid canary for "${name}"`);
      const canary = record.canary ?? null;
      const live = record.live;
      return [
        name,
        {
          live,
          lastKnownGood: record.lastKnownGood ?? null,
          canary,
          liveSince: lastMove(record.history, ({ action, to }) => action !== 'canary' && to === live),
          canarySince: canary ? lastMove(record.history, ({ action, to }) => action === 'canary' && String(to).split(' ')[0] === canary.version) : undefined,
          withdrawn: withdrawnVersions(record.history),
        },
      ];
    }),
  ) as RegistryDocument['remotes'];
  return { remotes: records, overrides: parseOverrides(overrides) };
};

export type ResolveOptions = {
  /** The registry's own URL: versions live in remotes/<name>/<version>/ next to it. */
  registryUrl: string;
  visitorId: string;
  /** Developers' overrides (remote-overrides.ts): a manifest URL per remote; none in production. */
  overrides: Partial<Record<RemoteName, string>>;
  /** Versions that would not load earlier in this tab (failed-versions.ts): their fallback is used at once. */
  failed: Partial<Record<RemoteName, string>>;
  /** Versions a preview link pins this browser to (preview-pin.ts), with live to fall back to. */
  pins?: Partial<Record<RemoteName, string>>;
};

/** Picks, for this visitor, the version of each remote and what to fall back to. */
export const resolveRemotes = (
  document: RegistryDocument,
  { registryUrl, visitorId, overrides, failed, pins = {} }: ResolveOptions,
): RemoteRegistry => {
  const target = (name: RemoteName, version: string): RemoteTarget => ({
    version,
    entry: new URL(`remotes/${name}/${version}/mf-manifest.json`, registryUrl).href,
  });
  const choose = (name: RemoteName): ResolvedRemote => {
    const { live, lastKnownGood, canary, liveSince, canarySince } = document.remotes[name];
    const override = overrides[name];
    if (override) return { version: new URL(override).host, entry: override, source: 'override', fallback: null };
    const pinned = pins[name];
    if (pinned && isVersion(pinned)) return { ...target(name, pinned), source: 'preview', fallback: pinned === live ? null : target(name, live) };
    const canaryRunning = !!canary && canary.version !== live && canary.percentage > 0;
    if (canaryRunning && isCanaryVisitor(visitorId, name, canary.percentage)) {
      return { ...target(name, canary.version), source: 'canary', fallback: target(name, live), since: canarySince, canaryRunning };
    }
    const fallback = lastKnownGood && lastKnownGood !== live ? target(name, lastKnownGood) : null;
    return { ...target(name, live), source: 'live', fallback, since: liveSince, canaryRunning };
  };
  return Object.fromEntries(
    REMOTE_NAMES.map((name): [RemoteName, ResolvedRemote] => {
      const chosen = choose(name);
      // Waiting through the retries again on every page of this tab would only delay the same fallback.
      if (chosen.fallback && failed[name] === chosen.version) return [name, { ...chosen.fallback, source: 'fallback', fallback: null }];
      return [name, chosen];
    }),
  ) as RemoteRegistry;
};

/** Reads the registry fresh on every start-up: a rollback must reach the next visitor, not a cached copy. */
export const fetchRemoteRegistry = async (url: string): Promise<{ document: RegistryDocument; url: string }> => {
  const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RegistryError(`remotes.json answered ${response.status}`);
  return { document: parseRemoteRegistry(await response.json()), url: response.url || url };
};

/** True when any remote comes from its canary: the API calls then say so (SPEC 7, x-canary). */
export const runsCanary = (registry: RemoteRegistry): boolean =>
  Object.values(registry).some(({ source }) => source === 'canary');
