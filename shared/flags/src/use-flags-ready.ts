import { useSyncExternalStore } from 'react';
import { isFlagsReady, subscribeToFlagsReady } from './flags-ready.ts';
import { initFlags } from './init-flags.ts';

// Waiting for flags starts them, as reading one does (use-flag.ts).
const subscribe = (onChange: () => void) => {
  void initFlags();
  return subscribeToFlagsReady(onChange);
};

/**
 * True once flags have loaded or failed to: a screen that waits for flags never waits forever. The
 * server renders before any flag has loaded, and the browser hydrates what it rendered.
 */
export const useFlagsReady = (): boolean => useSyncExternalStore(subscribe, isFlagsReady, () => false);
