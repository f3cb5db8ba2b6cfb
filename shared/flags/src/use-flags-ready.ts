import { useSyncExternalStore } from 'react';
import { isFlagsReady, subscribeToFlagsReady } from './flags-ready.ts';

/** True once flags have loaded or failed to: a screen that waits for flags never waits forever. */
export const useFlagsReady = (): boolean => useSyncExternalStore(subscribeToFlagsReady, isFlagsReady);
