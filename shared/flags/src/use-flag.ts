import { ProviderEvents } from '@openfeature/web-sdk';
import { useSyncExternalStore } from 'react';
import type { FlagKey } from './flag-keys.ts';
import { flagsClient } from './flags-client.ts';

/** Every event after which an evaluation may answer differently. */
const CHANGES = [
  ProviderEvents.Ready,
  ProviderEvents.Error,
  ProviderEvents.ConfigurationChanged,
  ProviderEvents.ContextChanged,
  ProviderEvents.Stale,
] as const;

const subscribe = (onChange: () => void) => {
  const client = flagsClient();
  CHANGES.forEach((event) => client.addHandler(event, onChange));
  return () => CHANGES.forEach((event) => client.removeHandler(event, onChange));
};

/** A boolean flag for the session user; `defaultValue` until flags load and whenever they cannot. */
export const useFlag = (key: FlagKey, defaultValue: boolean): boolean =>
  useSyncExternalStore(subscribe, () => flagsClient().getBooleanValue(key, defaultValue));
