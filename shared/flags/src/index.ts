export { FLAG_KEYS, type FlagKey } from './flag-keys.ts';
export { initFlags, type FlagsOptions } from './init-flags.ts';
export { useFlag } from './use-flag.ts';
export { useFlagsReady } from './use-flags-ready.ts';
