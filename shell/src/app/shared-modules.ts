/**
 * The shell's own copy of each module it shares with the remotes (module-federation.config.ts's list),
 * by share key: what its federation runtime provides, in the browser (browser-federation.ts) as on the
 * server (shared-scope.ts). TanStack Query is left to each side: the browser loads it only for a screen
 * that uses it.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as zustand from 'zustand';
import * as api from '@entry/api';
import * as auth from '@entry/auth';
import * as federation from '@entry/federation';
import * as flags from '@entry/flags';
import * as i18n from '@entry/i18n';
import * as routes from '@entry/routes';
import * as telemetry from '@entry/telemetry';
import * as ui from '@entry/ui';

/** Set by the build: the version of each shared module this build holds (module-federation.config.ts's `sharedVersions`). */
declare const ENTRY_SHARED_VERSIONS: Record<string, string>;

export const SHARED_MODULES: Readonly<Record<string, unknown>> = {
  react: React,
  'react-dom': ReactDOM,
  zustand,
  '@entry/api': api,
  '@entry/auth': auth,
  '@entry/federation': federation,
  '@entry/flags': flags,
  '@entry/i18n': i18n,
  '@entry/routes': routes,
  '@entry/telemetry': telemetry,
  '@entry/ui': ui,
};

export const SHARED_VERSIONS: Readonly<Record<string, string>> = ENTRY_SHARED_VERSIONS;

/**
 * The shared modules the shell's start leaves out, each loaded when a remote's screens need it:
 * TanStack Query's copy, in the chunk QUERY_CHUNK names (shared-assets.ts: the build fails without it).
 */
export const LAZY_SHARED_MODULES: Readonly<Record<string, () => Promise<unknown>>> = {
  '@entry/query': () => import(/* webpackChunkName: "query" */ '@entry/query'),
};

/**
 * The share scope the shell provides: its copy of every shared module, with `held` adding those it
 * holds at hand and `lazy` those it loads only when a remote asks for them. A module the build shares
 * without a copy here would let a remote bring its own: that is an error at once, not a second React later.
 */
export const shareScope = ({ held = {}, lazy = {} }: { held?: Record<string, unknown>; lazy?: Record<string, () => Promise<unknown>> }) => {
  const modules = { ...SHARED_MODULES, ...held };
  const missing = Object.keys(SHARED_VERSIONS).filter((name) => !(name in modules) && !(name in lazy));
  if (missing.length > 0) throw new Error(`The shell has no copy of the shared ${missing.join(', ')}`);
  // The shell's copy is the one every remote gets, whatever range it asks: the release gate checks the ranges.
  const shareConfig = { singleton: true, requiredVersion: false as const };
  return Object.fromEntries(
    Object.entries(SHARED_VERSIONS).map(([name, version]) => {
      const load = lazy[name];
      const factory = load ? { get: () => load().then((module) => () => module) } : { lib: () => modules[name] };
      return [name, { version, shareConfig, ...factory }];
    }),
  );
};
