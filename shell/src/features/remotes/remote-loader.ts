import { getInstance } from '@module-federation/enhanced/runtime';
import { SCREENS_EXPOSE, type RemoteName, type RemoteScreens } from '@entry/routes';
import { reportError } from '@entry/telemetry';
import { MODULE_LOAD_RETRY_DELAYS_MS } from '@entry/constants';
import { withCacheBust } from './load-policy.ts';
import type { RemoteRegistry } from './remote-registry.ts';
import { timeoutPlugin } from './timeout-plugin.ts';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  readonly remote: RemoteName;
  constructor(remote: RemoteName, cause: unknown) {
    super(`The ${remote} remote could not be loaded`, { cause });
    this.remote = remote;
  }
}

type Federation = NonNullable<ReturnType<typeof getInstance>>;
type LoaderOptions = {
  wait?: (ms: number) => Promise<void>;
  onGiveUp?: (error: RemoteLoadError) => void;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads each remote's screens on first use, never at start-up. A failed load is retried after 1, 2
 * and 4 s, each time re-registering the remote with a cache-busting manifest URL; after the last
 * failure it is reported and the caller shows the component-level error with its own retry.
 */
export const createRemoteLoader = (
  registry: RemoteRegistry,
  federation: Federation,
  { wait = sleep, onGiveUp }: LoaderOptions = {},
) => {
  federation.registerPlugins([timeoutPlugin()]);
  federation.registerRemotes(
    Object.entries(registry).map(([name, { entry }]) => ({ name, entry })),
    { force: true },
  );
  // Each value is the promise for its own key's screens; the map cannot say so, hence the casts.
  const loaded = new Map<RemoteName, Promise<unknown>>();

  const attempt = async <R extends RemoteName>(name: R): Promise<RemoteScreens<R>> => {
    for (let retry = 0; ; retry += 1) {
      try {
        const module = await federation.loadRemote<RemoteScreens<R>>(`${name}/${SCREENS_EXPOSE}`);
        if (!module?.screens) throw new Error(`${name}/${SCREENS_EXPOSE} exposes no screens`);
        return module;
      } catch (cause) {
        const delay = MODULE_LOAD_RETRY_DELAYS_MS[retry];
        if (delay === undefined) {
          const error = new RemoteLoadError(name, cause);
          onGiveUp?.(error);
          throw error;
        }
        await wait(delay);
        federation.registerRemotes([{ name, entry: withCacheBust(registry[name].entry) }], { force: true });
      }
    }
  };

  const loadScreens = <R extends RemoteName>(name: R): Promise<RemoteScreens<R>> => {
    const pending = (loaded.get(name) as Promise<RemoteScreens<R>> | undefined) ?? attempt(name);
    loaded.set(name, pending);
    // A failure is not cached: the visitor's retry starts a fresh round of attempts.
    pending.catch(() => loaded.delete(name));
    return pending;
  };

  return { loadScreens, registry };
};

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;

/** Tells telemetry, and the reference server so the release tooling can show which version failed for visitors. */
const reportToServer = (registry: RemoteRegistry) => (error: RemoteLoadError) => {
  reportError(error, { tags: { remote: error.remote, version: registry[error.remote].version } });
  void fetch('/app-metadata/remote-load-failures', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ remote: error.remote, version: registry[error.remote].version }),
  }).catch(() => undefined);
};

export const createFederationRemoteLoader = (registry: RemoteRegistry): RemoteLoader => {
  const federation = getInstance();
  if (!federation) throw new Error('The Module Federation runtime did not start');
  return createRemoteLoader(registry, federation, { onGiveUp: reportToServer(registry) });
};
