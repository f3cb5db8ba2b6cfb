import { REMOTE_NAMES, type RemoteName } from '@entry/routes';

/**
 * Developers' overrides: `?remoteOverride=registration=http://localhost:3002/mf-manifest.json` loads
 * that remote from a local dev server while the rest come from the registry. The choice is kept in
 * session storage for the tab; `?remoteOverride=registration=` drops one, `?remoteOverride=clear` all.
 * Only loopback addresses are accepted, and only in builds that enable overrides (development, or
 * PUBLIC_REMOTE_OVERRIDES=true): a production page never loads code from a URL in its address bar.
 */
export const OVERRIDE_PARAM = 'remoteOverride';
const STORAGE_KEY = 'entry.remote-overrides';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type Overrides = Partial<Record<RemoteName, string>>;

const isRemoteName = (value: string): value is RemoteName => (REMOTE_NAMES as readonly string[]).includes(value);

/** A manifest URL on this machine, or null. */
export const loopbackUrl = (value: string): string | null => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
};

const stored = (storage: Pick<Storage, 'getItem'> | undefined): Overrides => {
  try {
    const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(value).filter(
        (pair): pair is [RemoteName, string] => isRemoteName(pair[0]) && typeof pair[1] === 'string' && loopbackUrl(pair[1]) !== null,
      ),
    );
  } catch {
    return {};
  }
};

/** Applies the page's `remoteOverride` parameters to the stored overrides and returns the result. */
export const readOverrides = (
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  warn: (message: string) => void,
): Overrides => {
  const overrides = stored(storage);
  for (const value of new URLSearchParams(search).getAll(OVERRIDE_PARAM)) {
    if (value === 'clear') {
      for (const name of REMOTE_NAMES) delete overrides[name];
      continue;
    }
    const [name = '', ...rest] = value.split('=');
    const url = rest.join('=');
    if (!isRemoteName(name)) warn(`${OVERRIDE_PARAM}: "${name}" is not a remote (${REMOTE_NAMES.join(', ')})`);
    else if (url === '') delete overrides[name];
    else if (loopbackUrl(url)) overrides[name] = loopbackUrl(url) as string;
    else warn(`${OVERRIDE_PARAM}: ${name} may only point at a dev server on this machine (localhost), not "${url}"`);
  }
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // Storage refused: the overrides still apply to this page.
  }
  return overrides;
};
