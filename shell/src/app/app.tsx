import { BASE_PATH, createBrowserRouter, RouterProvider } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import type { RemoteLoader } from '../features/remotes/remote-loader.ts';
import { RemoteLoaderContext } from '../features/remotes/remote-loader-context.ts';
import { useBrandStore } from '../features/theme/brand-store.ts';
import { appRoutes } from './routes.tsx';

export const createAppRouter = () =>
  createBrowserRouter(appRoutes, { basename: BASE_PATH });

export const App = ({ loader, router }: { loader: RemoteLoader; router: ReturnType<typeof createAppRouter> }) => {
  const brand = useBrandStore((state) => state.brand);
  return (
    <AppProviders brand={brand}>
      <RemoteLoaderContext value={loader}>
        <RouterProvider router={router} />
      </RemoteLoaderContext>
    </AppProviders>
  );
};
