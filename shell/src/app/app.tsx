import type { ReactNode } from 'react';
import { BASE_PATH, createBrowserRouter, keepSecretsOutOfHistory, matchRoutes, SiteProvider, VisitorCountryProvider, type Site } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import type { RemoteLoader } from '../features/remotes/remote-loader.ts';
import { RemoteLoaderContext } from '../features/remotes/remote-loader-context.ts';
import { useBrandStore } from '../features/theme/brand-store.ts';
import type { RouterState } from './page-state.ts';
import { appRoutes } from './routes.tsx';
import { useVisitorCountry, type VisitorCountrySource } from './use-visitor-country.ts';

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

const UNKNOWN_COUNTRY: VisitorCountrySource = { known: null, lookUp: false };

type AppProps = {
  loader: RemoteLoader;
  site: Site;
  /** Where the visitor's country comes from; without it, unknown (the bench's login page). */
  country?: VisitorCountrySource;
  /** The router: the browser's, or on the server the one rendering this request. */
  children: ReactNode;
};

/** Everything around the routes, the same on the server that renders the page and in the browser. */
export const App = ({ loader, site, country = UNKNOWN_COUNTRY, children }: AppProps) => {
  const brand = useBrandStore((state) => state.brand);
  return (
    <AppProviders brand={brand}>
      <SiteProvider site={site}>
        <VisitorCountryProvider country={useVisitorCountry(country)}>
          <RemoteLoaderContext value={loader}>{children}</RemoteLoaderContext>
        </VisitorCountryProvider>
      </SiteProvider>
    </AppProviders>
  );
};
