import { REMOTE_NAMES, type RemoteName } from '@entry/routes';

export type RemoteEntry = { version: string; entry: string };
export type RemoteRegistry = Record<RemoteName, RemoteEntry>;

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const isRemoteEntry = (value: unknown): value is RemoteEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RemoteEntry).version === 'string' &&
  typeof (value as RemoteEntry).entry === 'string';

/** Checks the shape of remotes.json and resolves each entry against the document's URL. */
export const parseRemoteRegistry = (body: unknown, baseUrl: string): RemoteRegistry => {
  const remotes = (body as { remotes?: Record<string, unknown> } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new RegistryError('remotes.json has no "remotes" object');
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const remote = remotes[name];
      if (!isRemoteEntry(remote)) throw new RegistryError(`remotes.json has no valid entry for "${name}"`);
      return [name, { version: remote.version, entry: new URL(remote.entry, baseUrl).href }];
    }),
  ) as RemoteRegistry;
};

/** Reads the registry fresh on every start-up: a rollback must reach the next visitor, not a cached copy. */
export const fetchRemoteRegistry = async (url: string): Promise<RemoteRegistry> => {
  const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RegistryError(`remotes.json answered ${response.status}`);
  return parseRemoteRegistry(await response.json(), response.url || url);
};
