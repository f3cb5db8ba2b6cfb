import * as query from '@entry/query';
import { shareScope, SHARED_VERSIONS } from '../app/shared-modules.ts';

/**
 * The shared scope offered to a remote's server build: one React, one auth store, one router, as in
 * the browser, and TanStack Query at hand (a screen rendered on the server may use it).
 */
export const sharedScope = () => shareScope({ held: { '@entry/query': query } });

/** The version of each shared module this shell provides, as its browser build provides them in the page. */
export const providedVersions = (): ReadonlyMap<string, string> => new Map(Object.entries(SHARED_VERSIONS));
