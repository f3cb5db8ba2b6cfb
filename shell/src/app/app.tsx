import type { ReactNode } from 'react';
import { BASE_PATH, createBrowserRouter, keepSecretsOutOfHistory, matchRoutes, SiteProvider, type Site } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import type { RemoteLoader } from '../features/remotes/remote-loader.ts';
import { RemoteLoaderContext } from '../features/remotes/remote-loader-context.ts';
import { useBrandStore } from '../features/theme/brand-store.ts';
import type { RouterState } from './page-state.ts';
import { appRoutes } from './routes.tsx';

/** The browser's router: no navigation inside the app ever puts a secret in the address (ADR 012). */
export const createAppRouter = (hydrationData?: RouterState) =>
  keepSecretsOutOfHistory(createBrowserRouter(appRoutes, { basename: BASE_PATH, hydrationData }));

/**
 * Loads the lazy routes an address matches before the page hydrates: otherwise the router would
 * start without their screens and hydration would meet a page other than the server's.
 */
export const loadRoutesOf = async (pathname: string) => {
  const matches = matchRoutes(appRoutes, pathname, BASE_PATH) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
};

type AppProps = {
  loader: RemoteLoader;
  site: Site;
  /** The router: the browser's, or on the server the one rendering this request. */
  children: ReactNode;
};

/** Everything around the routes, the same on the server that renders the page and in the browser. */
export const App = ({ loader, site, children }: AppProps) => {
  const brand = useBrandStore((state) => state.brand);
  return (
    <AppProviders brand={brand}>
      <SiteProvider site={site}>
        <RemoteLoaderContext value={loader}>{children}</RemoteLoaderContext>
      </SiteProvider>
    </AppProviders>
  );
};
