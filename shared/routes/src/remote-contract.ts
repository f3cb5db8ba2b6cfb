import type { ComponentType } from 'react';
import type { RemoteName, RouteIdOwnedBy } from './route-table.ts';

/** The one module every remote exposes: a screen component for each route it owns. */
export const SCREENS_EXPOSE = 'screens';

export type RemoteScreens<R extends RemoteName> = {
  readonly screens: Record<RouteIdOwnedBy<R>, ComponentType>;
};
