import { REMOTE_NAMES, type RemoteName } from '@entry/routes';

/**
 * The remote versions that would not load in this tab, kept in session storage so the next page of the
 * tab goes to the fallback at once. A new tab tries the registry's choice again: it may be fixed by then.
 */
const STORAGE_KEY = 'entry.failed-remote-versions';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
export type FailedVersions = Partial<Record<RemoteName, string>>;

export const readFailedVersions = (storage: Storage | undefined): FailedVersions => {
  try {
    const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(value).filter(
        (pair): pair is [RemoteName, string] => (REMOTE_NAMES as readonly string[]).includes(pair[0]) && typeof pair[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
};

export const recordFailedVersion = (storage: Storage | undefined, remote: RemoteName, version: string): void => {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ ...readFailedVersions(storage), [remote]: version }));
  } catch {
    // Storage refused: the next page waits through the retries again, then falls back the same way.
  }
};
