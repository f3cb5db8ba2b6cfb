import type { Client } from '@openfeature/web-sdk';

/** Our own domain, so other OpenFeature users in the page cannot replace our provider or context. */
export const FLAGS_DOMAIN = 'entry';

/**
 * The client once the SDK has loaded. The SDK is imported only by initFlags, so a page reading a
 * flag does not carry OpenFeature's weight until flags are actually started.
 */
let client: Client | undefined;
const listeners = new Set<() => void>();

export const notifyFlagsChanged = () => listeners.forEach((listener) => listener());

export const setFlagsClient = (next: Client) => {
  client = next;
  notifyFlagsChanged();
};

export const readBooleanFlag = (key: string, defaultValue: boolean): boolean =>
  client ? client.getBooleanValue(key, defaultValue) : defaultValue;

export const subscribeToFlags = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
