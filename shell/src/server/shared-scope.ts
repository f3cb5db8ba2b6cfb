import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as zustand from 'zustand';
import * as api from '@entry/api';
import * as auth from '@entry/auth';
import * as federation from '@entry/federation';
import * as flags from '@entry/flags';
import * as i18n from '@entry/i18n';
import * as query from '@entry/query';
import * as routes from '@entry/routes';
import * as telemetry from '@entry/telemetry';
import * as ui from '@entry/ui';

/** The versions this build holds (module-federation.config.ts sharedVersions, set at build time). */
declare const ENTRY_SHARED_VERSIONS: Record<string, string>;

/** Every singleton of the federation's policy, as this bundle has it: the remotes rendered on the server use these. */
const MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  zustand,
  '@entry/api': api,
  '@entry/auth': auth,
  '@entry/federation': federation,
  '@entry/flags': flags,
  '@entry/i18n': i18n,
  '@entry/query': query,
  '@entry/routes': routes,
  '@entry/telemetry': telemetry,
  '@entry/ui': ui,
};

/**
 * The shared scope offered to a remote's server build: one React, one auth store, one router, as in
 * the browser. A shared module without a copy here would let a remote bring its own: refuse that at start.
 */
export const sharedScope = () => {
  const missing = Object.keys(ENTRY_SHARED_VERSIONS).filter((name) => !(name in MODULES));
  if (missing.length > 0) throw new Error(`The server renderer has no copy of the shared ${missing.join(', ')}`);
  return Object.fromEntries(
    Object.entries(MODULES).map(([name, module]) => [
      name,
      { version: ENTRY_SHARED_VERSIONS[name], lib: () => module, shareConfig: { singleton: true, requiredVersion: false as const } },
    ]),
  );
};

/** The version of each shared module this shell provides, as its browser build registers them in the page. */
export const providedVersions = (): ReadonlyMap<string, string> => new Map(Object.entries(ENTRY_SHARED_VERSIONS));
