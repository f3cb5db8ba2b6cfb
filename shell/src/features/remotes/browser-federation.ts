import * as runtimeCore from '@module-federation/runtime-core';
import { createInstance } from '@module-federation/enhanced/runtime';
import { shareScope } from '../../app/shared-modules.ts';

type Federation = ReturnType<typeof createInstance>;

let instance: Federation | undefined;

/**
 * The page's federation runtime (ADR 024). The shell is a host of the runtime alone, with no build
 * plugin: its own code imports React and the platform packages as any bundle does, with no share scope
 * to settle first, and the runtime starts only when a remote is to be loaded. It then provides the
 * shell's copies to the remotes, TanStack Query's loaded only for a screen that asks for it, and is the
 * runtime the remotes' builds use instead of their own (`externalRuntime`, ADR 005).
 */
export const browserFederation = (): Federation => {
  if (instance) return instance;
  Object.assign(globalThis, { _FEDERATION_RUNTIME_CORE: runtimeCore });
  instance = createInstance({
    name: 'shell',
    remotes: [],
    // The chunk's name is QUERY_CHUNK (shared-assets.ts): the build fails without it.
    shared: shareScope({ lazy: { '@entry/query': () => import(/* webpackChunkName: "query" */ '@entry/query') } }),
    shareStrategy: 'loaded-first',
  });
  return instance;
};
