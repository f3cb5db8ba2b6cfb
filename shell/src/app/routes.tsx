import { type RemoteName, type RouteId, type RouteIdOwnedBy, routeIds, type RouteObject, routeTable } from '@entry/routes';
import { RouteErrorScreen } from '../features/errors/route-error-screen.tsx';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { ShellPage } from '../features/pages/shell-page.tsx';
import { unsubscribeLoader } from '../features/pages/unsubscribe-loader.ts';
import { RemoteRoute } from '../features/remotes/remote-route.tsx';

const shellRoutes: Record<RouteIdOwnedBy<'shell'>, Omit<RouteObject, 'path' | 'index' | 'children'>> = {
  demo: { element: <ShellPage page="demo" /> },
  unsubscribe: { element: <ShellPage page="unsubscribe" />, loader: unsubscribeLoader },
  browserSupport: { element: <ShellPage page="browserSupport" /> },
  technicalRequirements: { element: <ShellPage page="technicalRequirements" /> },
};

const toRoute = (id: RouteId): RouteObject => {
  const { path, owner } = routeTable[id];
  const location = path === '/' ? { index: true as const } : { path: path.slice(1) };
  if (owner === 'shell') return { id, ...location, ...shellRoutes[id as RouteIdOwnedBy<'shell'>] };
  return {
    id,
    ...location,
    // Keyed by route: another route of the same remote is another screen, with its own error state.
    element: <RemoteRoute key={id} remote={owner as RemoteName} routeId={id as RouteIdOwnedBy<RemoteName>} />,
  };
};

/** The whole route table of SPEC section 2 inside the shell's layout, and not-found for the rest. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [...routeIds.map(toRoute), { path: '*', element: <NotFoundScreen /> }],
  },
];
