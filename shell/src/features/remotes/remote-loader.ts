import type { getInstance } from '@module-federation/enhanced/runtime';
import { LAZY_SHARED_MODULES, SHARED_MODULES } from '../../app/shared-modules.ts';
import { loadDirectScreens } from './direct-screens.ts';
import { SCREENS_EXPOSE, type RemoteName, type RemoteScreens } from '@entry/routes';
import { classifyFailure, isNetworkFailure, RemoteFault, type LoadFault } from './load-faults.ts';
import type { FederationGuard, Sighting } from './load-guard-plugin.ts';
import { retryPlan, withCacheBust, type RetryPlan } from './load-policy.ts';
import type { RemoteRegistry, RemoteTarget } from './remote-registry.ts';
import { track } from './tracked-promise.ts';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  readonly remote: RemoteName;
  readonly fault: LoadFault;
  constructor(remote: RemoteName, fault: LoadFault, cause: unknown) {
    super(`The ${remote} remote could not be loaded`, { cause });
    this.remote = remote;
    this.fault = fault;
  }
}

type Federation = NonNullable<ReturnType<typeof getInstance>>;
/** A remote's version failed (to load, or to render), so the visitor gets another one. */
export type Fallback = { remote: RemoteName; from: string; to: string; fault: LoadFault; cause: unknown };

/** A version released this recently whose screen crashes is taken for a bad release rather than bad data. */
export const FRESH_RELEASE_MS = 24 * 60 * 60 * 1000;

export type LoaderOptions = {
  wait?: (ms: number) => Promise<void>;
  /**
   * Runs a version's direct script (ADR 027), the shell's modules it `needs` loaded first and its screens'
   * `styles` linked beside it (ADR 030), and gives its screens, within `timeout` ms.
   */
  loadDirect?: <R extends RemoteName>(name: R, url: string, timeout: number, needs: readonly string[], styles: readonly string[]) => Promise<RemoteScreens<R>>;
  /** A direct script failed: the version is then loaded through the runtime. */
  onDirectFailure?: (remote: RemoteName, error: unknown) => void;
  now?: () => number;
  /** The status an entry script answers now (null when it cannot be asked): tells a deleted one from a network fault. */
  probe?: (url: string) => Promise<number | null>;
  onGiveUp?: (error: RemoteLoadError) => void;
  /** The visitor moves to `to`: at once for a load fault, after a reload for a render crash. */
  onFallback?: (fallback: Fallback) => void;
  /**
   * A version was missing: the registry may have moved on since this tab started. True when a newer
   * registry names other versions and the page is reloading into them (at most once for each).
   */
  onMissing?: (remote: RemoteName) => Promise<boolean>;
  /** A remote's version is about to be loaded (the page-load beacon, load-beacon.ts). */
  onAttempt?: (remote: RemoteName, version: string) => void;
  /** Reloads the page so that it starts with a remote's fallback; false when the guard refuses. */
  reloadInto?: (remote: RemoteName, version: string) => boolean;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const never = new Promise<never>(() => undefined);

/**
 * Loads each remote's screens on first use, never at start-up. A version that will not load is told
 * apart by fault (load-faults.ts): a network fault is retried with a cache-busting URL, within a time
 * budget when there is a fallback (load-policy.ts); a missing, broken or incompatible version goes to the
 * fallback at once (the last known good version, or live for a canary visitor). With nothing left to
 * load, a missing version makes the registry be read again (a tab whose versions were deleted under it
 * reloads into the current ones); otherwise the failure is reported and the caller shows the
 * component-level error with its own retry.
 */
export const createRemoteLoader = (
  registry: RemoteRegistry,
  startFederation: (guard: FederationGuard) => Promise<Federation>,
  { wait = sleep, now = Date.now, probe, loadDirect, onDirectFailure, onGiveUp, onFallback, onMissing, onAttempt, reloadInto }: LoaderOptions = {},
) => {
  const timeouts = new Map<string, number>();
  const sightings = new Map<string, Sighting>();
  const busting = new Set<string>();
  const registered = new Map<RemoteName, string>(Object.entries(registry).map(([name, { entry, script }]) => [name as RemoteName, script ?? entry]));
  let started: Federation | undefined;
  let starting: Promise<Federation> | undefined;
  /**
   * The federation runtime, started on the first load that needs it (a page whose screens came by their
   * direct script may never), with every remote registered as it is when the runtime arrives. A
   * runtime that would not arrive (its chunk's request failed) is asked for again on the next attempt.
   */
  const federation = (): Promise<Federation> => {
    if (started) return Promise.resolve(started);
    if (starting) return starting;
    const guard: FederationGuard = {
      timeoutFor: (remote) => timeouts.get(remote) ?? retryPlan(false).attemptTimeout(0),
      saw: (remote, sighting) => sightings.set(remote, { ...sightings.get(remote), ...sighting }),
      bust: (remote) => busting.has(remote),
    };
    const pending = startFederation(guard).then((runtime) => {
      runtime.registerRemotes(
        [...registered].map(([name, entry]) => ({ name, entry })),
        { force: true },
      );
      started = runtime;
      return runtime;
    });
    starting = pending;
    pending.catch(() => {
      starting = undefined;
    });
    return pending;
  };
  /** Points the runtime at another manifest for `name`; re-registering the same one would only warn. */
  const register = (name: RemoteName, entry: string, always = false): Promise<Federation> => {
    const changed = registered.get(name) !== entry || always;
    registered.set(name, entry);
    // A runtime still to start registers every remote as they are then, this one included.
    if (!started) return federation();
    if (changed) started.registerRemotes([{ name, entry }], { force: true });
    return Promise.resolve(started);
  };
  // Each value is the promise for its own key's screens; the map cannot say so, hence the casts.
  const loaded = new Map<RemoteName, Promise<unknown>>();
  /** The version each remote runs, once loaded: the registry's, or its fallback. */
  const running = new Map<RemoteName, string>();

  /** One attempt at a remote's screens through the runtime (`runtime`, arriving), the runtime's arrival counted in its time. */
  const loadOnce = async <R extends RemoteName>(name: R, runtime: Promise<Federation>, timeout: number): Promise<RemoteScreens<R>> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RemoteFault('unreachable', `${name} timed out after ${timeout} ms`)), timeout);
    });
    try {
      const module = await Promise.race([runtime.then((federation) => federation.loadRemote<RemoteScreens<R>>(`${name}/${SCREENS_EXPOSE}`)), timedOut]);
      if (!module?.screens) throw new RemoteFault('broken', `${name}/${SCREENS_EXPOSE} exposes no screens`);
      return module;
    } finally {
      clearTimeout(timer);
    }
  };

  /** Why an attempt failed; an entry that would not arrive is asked for again to tell a deleted one. */
  const faultOf = async (name: RemoteName, error: unknown): Promise<LoadFault> => {
    const seen = sightings.get(name) ?? {};
    const fault = classifyFailure(error, seen);
    if (fault !== 'unreachable' || !seen.entryUrl || !probe || /timed out|Timeout/i.test(String(error))) return fault;
    const status = await probe(seen.entryUrl);
    return status === 404 || status === 410 ? 'missing' : fault;
  };

  type Outcome<R extends RemoteName> = { module: RemoteScreens<R> } | { fault: LoadFault; error: unknown };

  /**
   * Tries one version: by the entry script the server resolved (ADR 024), which the runtime loads without
   * a manifest, or else by its manifest, which the load guard reads and checks first.
   */
  const tryVersion = async <R extends RemoteName>(name: R, { entry, script }: RemoteTarget, plan: RetryPlan, started = now()): Promise<Outcome<R>> => {
    const first = script ?? entry;
    for (let retry = 0; ; retry += 1) {
      const timeout = plan.attemptTimeout(now() - started);
      timeouts.set(name, timeout);
      sightings.delete(name);
      if (script) sightings.set(name, { entryUrl: script });
      if (retry > 0) busting.add(name);
      const runtime = register(name, retry > 0 ? withCacheBust(first, now()) : first, retry > 0);
      try {
        return { module: await loadOnce(name, runtime, timeout) };
      } catch (error) {
        const fault = await faultOf(name, error);
        const delay = fault === 'unreachable' ? plan.nextDelay(retry, now() - started) : null;
        if (delay === null) return { fault, error };
        await wait(delay);
      } finally {
        busting.delete(name);
      }
    }
  };

  const attempt = async <R extends RemoteName>(name: R): Promise<RemoteScreens<R>> => {
    const remote = registry[name];
    onAttempt?.(name, remote.version);
    const plan = retryPlan(remote.fallback !== null);
    const began = now();
    // The screens the server found for this page as one plain script (ADR 027); whatever goes wrong
    // with it, the same version is loaded through the runtime in what is left of the version's time,
    // with its retries and fallback.
    if (remote.direct && loadDirect) {
      try {
        const module = await loadDirect<R>(name, remote.direct, plan.attemptTimeout(0), remote.directNeeds ?? [], remote.styles ?? []);
        running.set(name, remote.version);
        return module;
      } catch (error) {
        onDirectFailure?.(name, error);
      }
    }
    const chosen = await tryVersion(name, remote, plan, began);
    if ('module' in chosen) {
      running.set(name, remote.version);
      return chosen.module;
    }
    let failure = chosen;
    const faults = [chosen.fault];
    if (remote.fallback) {
      onFallback?.({ remote: name, from: remote.version, to: remote.fallback.version, fault: chosen.fault, cause: chosen.error });
      const fallback = await tryVersion(name, remote.fallback, { ...retryPlan(true), nextDelay: () => null });
      if ('module' in fallback) {
        running.set(name, remote.fallback.version);
        return fallback.module;
      }
      failure = fallback;
      faults.push(fallback.fault);
    }
    if (faults.includes('missing') && (await onMissing?.(name))) return never;
    const error = new RemoteLoadError(name, failure.fault, failure.error);
    onGiveUp?.(error);
    throw error;
  };

  const loadScreens = <R extends RemoteName>(name: R): Promise<RemoteScreens<R>> => {
    const pending = (loaded.get(name) as Promise<RemoteScreens<R>> | undefined) ?? track(attempt(name));
    loaded.set(name, pending);
    // A failure is not cached: the visitor's retry starts a fresh round of attempts.
    pending.catch(() => loaded.delete(name));
    return pending;
  };

  /**
   * A remote's screen threw while rendering. A version put in front of this visitor recently (or a
   * canary) is taken for a bad release: the visitor is moved to its fallback by a reload. A chunk of the
   * remote that would not load may mean its version was deleted under this tab. True when the page is
   * reloading; otherwise the caller shows the component-level error.
   */
  const recoverFromCrash = async (name: RemoteName, error: unknown): Promise<boolean> => {
    const remote = registry[name];
    const version = running.get(name);
    const fresh = remote.source === 'canary' || (!!remote.since && now() - Date.parse(remote.since) < FRESH_RELEASE_MS);
    if (isNetworkFailure(error)) return (await onMissing?.(name)) ?? false;
    if (version !== remote.version || !remote.fallback || !fresh || !reloadInto) return false;
    onFallback?.({ remote: name, from: remote.version, to: remote.fallback.version, fault: 'render', cause: error });
    return reloadInto(name, remote.fallback.version);
  };

  return { loadScreens, registry, runningVersion: (name: RemoteName) => running.get(name), recoverFromCrash };
};

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;

/** The entry script's status now, asked without the cache; null when the server cannot be reached. */
const probeStatus = async (url: string): Promise<number | null> => {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(1000) })).status;
  } catch {
    return null;
  }
};

export type FederationLoaderOptions = Pick<LoaderOptions, 'onDirectFailure' | 'onGiveUp' | 'onFallback' | 'onMissing' | 'onAttempt' | 'reloadInto'>;

/** The page's runtime, from its own chunk (RUNTIME_CHUNK, shared-assets.ts: the build fails without the name). */
const startBrowserFederation = async (guard: FederationGuard): Promise<Federation> => {
  const { browserFederation } = await import(/* webpackChunkName: "federation" */ './browser-federation.ts');
  return browserFederation(guard);
};

export const createFederationRemoteLoader = (registry: RemoteRegistry, options: FederationLoaderOptions): RemoteLoader => {
  return createRemoteLoader(registry, startBrowserFederation, { ...options, probe: probeStatus, loadDirect: loadDirectScreens(SHARED_MODULES, LAZY_SHARED_MODULES) });
};
