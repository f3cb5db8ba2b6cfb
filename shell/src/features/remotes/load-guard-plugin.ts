import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { entryScriptOf, unsatisfied, type FederationManifest } from './compatibility.ts';
import { RemoteFault, type LoadFault } from './load-faults.ts';
import { withCacheBust } from './load-policy.ts';

/** What the guard saw of one remote's current attempt. */
export type Sighting = { fault?: LoadFault; stage?: string; entryUrl?: string };

export type LoadGuard = {
  /** The time limit of the remote's current attempt. */
  timeoutFor: (remote: string) => number;
  /** The shell's own version of each shared singleton. */
  provided: () => ReadonlyMap<string, string>;
  /** Keeps what was seen, for the loader to tell the fault. */
  saw: (remote: string, sighting: Sighting) => void;
  /** True while the remote's current attempt is a retry: its entry script is fetched past any cache too. */
  bust: (remote: string) => boolean;
};

/** The guard as the loader knows it: the runtime that starts with it says what the shell provides. */
export type FederationGuard = Omit<LoadGuard, 'provided'>;

/** The entry script a manifest names, as a URL. */
const entryUrlOf = (manifest: FederationManifest, manifestUrl: string): string => new URL(entryScriptOf(manifest), manifestUrl).href;

/**
 * The shell's guard on every remote load: each manifest fetch and entry script is cut off at the
 * attempt's time limit, a manifest that is not there is told apart from a network fault, and a manifest
 * whose shared singletons the shell cannot provide is refused before its code runs.
 */
export const loadGuardPlugin = ({ timeoutFor, provided, saw, bust }: LoadGuard): ModuleFederationRuntimePlugin => ({
  name: 'entry-load-guard',
  fetch: async (url, init, remoteInfo) => {
    const remote = remoteInfo?.name ?? '';
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutFor(remote)) });
    if (!response.ok) {
      const fault: LoadFault = response.status >= 500 || response.status === 429 || response.status === 408 ? 'unreachable' : 'missing';
      saw(remote, { fault });
      throw new RemoteFault(fault, `${url} answered ${response.status}`);
    }
    const manifest = (await response
      .clone()
      .json()
      .catch(() => null)) as FederationManifest | null;
    if (manifest === null || typeof manifest !== 'object') {
      saw(remote, { fault: 'missing' });
      throw new RemoteFault('missing', `${url} is not a manifest`);
    }
    saw(remote, { entryUrl: entryUrlOf(manifest, response.url || url) });
    const reasons = unsatisfied(manifest, provided());
    if (reasons.length > 0) {
      saw(remote, { fault: 'incompatible' });
      throw new RemoteFault('incompatible', `${url} requires ${reasons.join(', ')}`);
    }
    return response;
  },
  createScript: ({ url, remoteInfo }) => {
    const remote = remoteInfo?.name ?? '';
    const timeout = timeoutFor(remote);
    if (!bust(remote)) return { timeout };
    // The runtime tells an entry that threw by its own URL; a cache-busted one is watched here instead.
    const script = document.createElement('script');
    script.src = withCacheBust(url);
    const threw = (event: ErrorEvent) => {
      if (event.filename === script.src) saw(remote, { fault: 'broken' });
    };
    window.addEventListener('error', threw);
    const done = () => window.removeEventListener('error', threw);
    script.addEventListener('load', done, { once: true });
    script.addEventListener('error', done, { once: true });
    return { script, timeout };
  },
  errorLoadRemote: ({ remote, id, lifecycle }) => {
    saw(remote?.name ?? id.split('/')[0] ?? '', { stage: lifecycle });
    return undefined;
  },
});
