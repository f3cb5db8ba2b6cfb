import type { ComponentType } from 'react';
import type { RemoteName, RouteIdOwnedBy } from './route-table.ts';

/** The one module every remote exposes: a screen component for each route it owns. */
export const SCREENS_EXPOSE = 'screens';

/**
 * The same screens as one plain script, beside a remote version's entry (ADR 027): what a composed page
 * starts its route's remote from, without the federation runtime. Its path in the version folder.
 */
export const DIRECT_SCREENS_SCRIPT = 'direct/screens.js';
/** The page global the shell puts its shared modules on, by share key, before it runs a direct script. */
export const DIRECT_SHARED_GLOBAL = '__ENTRY_SHARED__';
/** The page global a direct script puts its remote's exposed module on, under the remote's name. */
export const DIRECT_SCREENS_GLOBAL = '__ENTRY_SCREENS__';

/** What a screen's data is fetched into before the server renders it: the page's query cache (TanStack Query's). */
export type PrefetchTarget = {
  prefetchQuery(options: object): Promise<void>;
};

/**
 * Fetches what a route's screen shows before the server renders it, into the same queries the screen
 * reads, so the first response already holds the data (the browser then hydrates the same cache).
 */
export type Prefetch = (args: { params: Readonly<Record<string, string | undefined>>; queries: PrefetchTarget }) => Promise<void>;

export type RemoteScreens<R extends RemoteName> = {
  readonly screens: Record<RouteIdOwnedBy<R>, ComponentType>;
  readonly prefetch?: Partial<Record<RouteIdOwnedBy<R>, Prefetch>>;
};
