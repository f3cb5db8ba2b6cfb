import { useSyncExternalStore } from 'react';
import type { FlagKey } from './flag-keys.ts';
import { readBooleanFlag, subscribeToFlags } from './flags-client.ts';
import { initFlags } from './init-flags.ts';

// Flags start with the first screen that reads one: a page that reads none never loads OpenFeature.
const subscribe = (onChange: () => void) => {
  void initFlags();
  return subscribeToFlags(onChange);
};

/**
 * A boolean flag for the session user; `defaultValue` until flags load and whenever they cannot, and
 * on the server, which renders before flags load (the browser hydrates with the same default).
 */
export const useFlag = (key: FlagKey, defaultValue: boolean): boolean =>
  useSyncExternalStore(
    subscribe,
    () => readBooleanFlag(key, defaultValue),
    () => defaultValue,
  );
