import { getInstance } from '@module-federation/enhanced/runtime';
import { SCREENS_EXPOSE, type RemoteName, type RemoteScreens } from '@entry/routes';
import { reportError, reportWarning } from '@entry/telemetry';
import { MODULE_LOAD_RETRY_DELAYS_MS } from '@entry/constants';
import { recordFailedVersion } from './failed-versions.ts';
import { withCacheBust } from './load-policy.ts';
import type { RemoteRegistry, RemoteTarget } from './remote-registry.ts';
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
/** A remote's version would not load, so the visitor got another one. */
export type Fallback = { remote: RemoteName; from: string; to: string; cause: unknown };
type LoaderOptions = {
  wait?: (ms: number) => Promise<void>;
  onGiveUp?: (error: RemoteLoadError) => void;
  onFallback?: (fallback: Fallback) => void;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads each remote's screens on first use, never at start-up. A failed load is retried after 1, 2
 * and 4 s, each time re-registering the remote with a cache-busting manifest URL. If the version still
 * will not load and the registry names a fallback (the last known good version, or live for a canary
 * visitor), that is loaded instead and the fallback reported; otherwise the failure is reported and the
 * caller shows the component-level error with its own retry.
 */
export const createRemoteLoader = (
  registry: RemoteRegistry,
  federation: Federation,
  { wait = sleep, onGiveUp, onFallback }: LoaderOptions = {},
) => {
  federation.registerPlugins([timeoutPlugin()]);
  federation.registerRemotes(
    Object.entries(registry).map(([name, { entry }]) => ({ name, entry })),
    { force: true },
  );
  const registered = new Map<RemoteName, string>(Object.entries(registry).map(([name, { entry }]) => [name as RemoteName, entry]));
  /** Points the runtime at another manifest for `name`; re-registering the same one would only warn. */
  const register = (name: RemoteName, entry: string, always = false) => {
    if (registered.get(name) === entry && !always) return;
    registered.set(name, entry);
    federation.registerRemotes([{ name, entry }], { force: true });
  };
  // Each value is the promise for its own key's screens; the map cannot say so, hence the casts.
  const loaded = new Map<RemoteName, Promise<unknown>>();
  /** The version each remote runs, once loaded: the registry's, or its fallback. */
  const running = new Map<RemoteName, string>();

  const loadOnce = async <R extends RemoteName>(name: R): Promise<RemoteScreens<R>> => {
    const module = await federation.loadRemote<RemoteScreens<R>>(`${name}/${SCREENS_EXPOSE}`);
    if (!module?.screens) throw new Error(`${name}/${SCREENS_EXPOSE} exposes no screens`);
    return module;
  };

  const withRetries = async <R extends RemoteName>(name: R, { entry }: RemoteTarget): Promise<RemoteScreens<R>> => {
    for (let retry = 0; ; retry += 1) {
      try {
        return await loadOnce(name);
      } catch (cause) {
        const delay = MODULE_LOAD_RETRY_DELAYS_MS[retry];
        if (delay === undefined) throw cause;
        await wait(delay);
        register(name, withCacheBust(entry), true);
      }
    }
  };

  const attempt = async <R extends RemoteName>(name: R): Promise<RemoteScreens<R>> => {
    const remote = registry[name];
    register(name, remote.entry);
    let failure: unknown;
    try {
      const module = await withRetries(name, remote);
      running.set(name, remote.version);
      return module;
    } catch (cause) {
      failure = cause;
    }
    if (remote.fallback) {
      onFallback?.({ remote: name, from: remote.version, to: remote.fallback.version, cause: failure });
      register(name, remote.fallback.entry);
      try {
        const module = await loadOnce(name);
        running.set(name, remote.fallback.version);
        return module;
      } catch (cause) {
        failure = cause;
      }
    }
    const error = new RemoteLoadError(name, failure);
    onGiveUp?.(error);
    throw error;
  };

  const loadScreens = <R extends RemoteName>(name: R): Promise<RemoteScreens<R>> => {
    const pending = (loaded.get(name) as Promise<RemoteScreens<R>> | undefined) ?? attempt(name);
    loaded.set(name, pending);
    // A failure is not cached: the visitor's retry starts a fresh round of attempts.
    pending.catch(() => loaded.delete(name));
    return pending;
  };

  return { loadScreens, registry, runningVersion: (name: RemoteName) => running.get(name) };
};

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;

type FailureReport = { remote: RemoteName; version: string; fallback: string | null };

/** The reference server keeps what visitors' browsers could not load, for the release tooling to show. */
const reportToServer = (report: FailureReport) => {
  void fetch('/app-metadata/remote-load-failures', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(report),
  }).catch(() => undefined);
};

/** `session`: where the tab remembers versions that would not load (failed-versions.ts). */
export const createFederationRemoteLoader = (registry: RemoteRegistry, session: Storage | undefined): RemoteLoader => {
  const federation = getInstance();
  if (!federation) throw new Error('The Module Federation runtime did not start');
  return createRemoteLoader(registry, federation, {
    onGiveUp: (error) => {
      const { version } = registry[error.remote];
      reportError(error, { tags: { remote: error.remote, version } });
      reportToServer({ remote: error.remote, version, fallback: null });
    },
    onFallback: ({ remote, from, to, cause }) => {
      recordFailedVersion(session, remote, from);
      reportWarning(`The ${remote} remote ${from} did not load; falling back to ${to}`, {
        tags: { remote, version: from, fallback: to },
        extra: { cause: String(cause) },
      });
      reportToServer({ remote, version: from, fallback: to });
    },
  });
};
