import { useSyncExternalStore } from 'react';
import type { FlagKey } from './flag-keys.ts';
import { readBooleanFlag, subscribeToFlags } from './flags-client.ts';

/** A boolean flag for the session user; `defaultValue` until flags load and whenever they cannot. */
export const useFlag = (key: FlagKey, defaultValue: boolean): boolean =>
  useSyncExternalStore(subscribeToFlags, () => readBooleanFlag(key, defaultValue));
