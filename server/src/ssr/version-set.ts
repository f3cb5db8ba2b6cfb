import { BASE_PATH, isCanaryVisitor, REMOTE_NAMES, routeIdOf, routeTable, type RemoteName } from '@entry/routes';

/** The one remote version a composition worker holds; null for a worker that renders the shell's own routes. */
export type Holds = { remote: RemoteName; version: string } | null;

/**
 * What one composition worker is (ADR 016): the shell of one release with at most one remote at one
 * version. Two visitors whose pages need different versions are never rendered by the same worker.
 */
export type VersionSet = { key: string; shellRelease: string; holds: Holds };

type Pointers = { live: string; canary: { version: string; percentage: number } | null };

/** The pointers of remotes.json this server needs to pick a worker; a registry without them composes nothing. */
export const readPointers = (registry: unknown): Record<RemoteName, Pointers> => {
  const remotes = (registry as { remotes?: Record<string, { live?: unknown; canary?: { version?: unknown; percentage?: unknown } | null }> } | null)?.remotes;
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const record = remotes?.[name];
      if (typeof record?.live !== 'string') throw new Error(`remotes.json names no live version of ${name}`);
      const { canary } = record;
      const valid = canary && typeof canary.version === 'string' && typeof canary.percentage === 'number';
      return [name, { live: record.live, canary: valid ? { version: canary.version as string, percentage: canary.percentage as number } : null }];
    }),
  ) as Record<RemoteName, Pointers>;
};

export const versionSetOf = (shellRelease: string, holds: Holds): VersionSet => ({
  key: holds ? `${shellRelease} ${holds.remote}@${holds.version}` : `${shellRelease} shell`,
  shellRelease,
  holds,
});

/** The route a page address is, by the shared route table; null for an address no route has (the not-found page). */
export const routeOfPath = (pathname: string) => {
  const id = routeIdOf(pathname.slice(BASE_PATH.length) || '/');
  return id ? { id, owner: routeTable[id].owner } : null;
};

/** The version of a remote this visitor gets by their bucket: its canary's or its live one. */
const versionFor = (pointers: Record<RemoteName, Pointers>, remote: RemoteName, visitorId: string): string => {
  const { live, canary } = pointers[remote];
  return canary && canary.version !== live && isCanaryVisitor(visitorId, remote, canary.percentage) ? canary.version : live;
};

/**
 * The version set a page is composed with for this visitor: the owning remote at the version a preview
 * link pins it to, else the one the shell's bucketing gives them (canary or live), as the shell itself
 * picks it in the browser.
 */
export const versionSetFor = (
  pointers: Record<RemoteName, Pointers>,
  shellRelease: string,
  pathname: string,
  visitorId: string,
  pins: Partial<Record<RemoteName, string>> = {},
): VersionSet => {
  const owner = routeOfPath(pathname)?.owner;
  if (!owner || owner === 'shell') return versionSetOf(shellRelease, null);
  const pinned = pins[owner];
  if (pinned) return versionSetOf(shellRelease, { remote: owner, version: pinned });
  return versionSetOf(shellRelease, { remote: owner, version: versionFor(pointers, owner, visitorId) });
};

/**
 * The version of every remote this visitor gets (`login@1.2.0 registration@2.1.0 …`), as the shell
 * resolves them for the page's state: a page names them all, not only its own route's.
 */
export const remoteVersionsFor = (pointers: Record<RemoteName, Pointers>, visitorId: string): string =>
  REMOTE_NAMES.map((remote) => `${remote}@${versionFor(pointers, remote, visitorId)}`).join(' ');

/** Every version set a visitor can get now: the shell's routes, and each remote's live and canary versions (a canary for 0% serves no one). */
export const activeVersionSets = (pointers: Record<RemoteName, Pointers>, shellRelease: string): VersionSet[] => [
  versionSetOf(shellRelease, null),
  ...REMOTE_NAMES.flatMap((remote) => {
    const { live, canary } = pointers[remote];
    const versions = canary && canary.version !== live && canary.percentage > 0 ? [live, canary.version] : [live];
    return versions.map((version) => versionSetOf(shellRelease, { remote, version }));
  }),
];
