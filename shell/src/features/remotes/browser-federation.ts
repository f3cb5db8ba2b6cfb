import * as runtimeCore from '@module-federation/runtime-core';
import { createInstance } from '@module-federation/enhanced/runtime';
import { LAZY_SHARED_MODULES, shareScope } from '../../app/shared-modules.ts';
import { loadGuardPlugin, type FederationGuard } from './load-guard-plugin.ts';

type Federation = ReturnType<typeof createInstance>;

let instance: Federation | undefined;

/** The shell's own version of each shared package, as its federation runtime registered them. */
const providedVersions = (federation: Federation): Map<string, string> =>
  new Map(
    Object.entries((federation as { options?: { shared?: Record<string, { version?: string }[]> } }).options?.shared ?? {}).flatMap(
      ([name, versions]) => (versions[0]?.version ? [[name, versions[0].version] as [string, string]] : []),
    ),
  );

/**
 * The page's federation runtime (ADR 024), in a chunk of its own that only a remote load brings
 * (RUNTIME_CHUNK): a page whose screens came by their direct script (ADR 027) never parses it. The
 * shell is a host of the runtime alone, with no build plugin: its own code imports React and the
 * platform packages as any bundle does, with no share scope to settle first. Started, the runtime
 * provides the shell's copies to the remotes, TanStack Query's loaded only for a screen that asks for
 * it, is the runtime the remotes' builds use instead of their own (`externalRuntime`, ADR 005), and
 * has the shell's load guard on every remote load.
 */
export const browserFederation = (guard: FederationGuard): Federation => {
  if (instance) return instance;
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: runtimeCore });
  const runtime = createInstance({
    name: 'shell',
    remotes: [],
    shared: shareScope({ lazy: LAZY_SHARED_MODULES }),
    shareStrategy: 'loaded-first',
  });
  runtime.registerPlugins([loadGuardPlugin({ ...guard, provided: () => providedVersions(runtime) })]);
  instance = runtime;
  return runtime;
};
