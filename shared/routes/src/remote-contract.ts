import type { ComponentType } from 'react';
import type { RemoteName, RouteIdOwnedBy } from './route-table.ts';

/** The one module every remote exposes: a screen component for each route it owns. */
export const SCREENS_EXPOSE = 'screens';

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
