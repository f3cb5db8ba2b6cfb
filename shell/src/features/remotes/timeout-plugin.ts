import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { MODULE_LOAD_TIMEOUT_MS } from './load-policy.ts';

/** Bounds every manifest fetch and remote-entry script so a hung server fails fast and is retried. */
export const timeoutPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'entry-load-timeout',
  fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(MODULE_LOAD_TIMEOUT_MS) }),
  createScript: () => ({ timeout: MODULE_LOAD_TIMEOUT_MS }),
});
