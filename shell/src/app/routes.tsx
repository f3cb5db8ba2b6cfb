import { type RemoteName, type RouteId, type RouteIdOwnedBy, routeIds, type RouteObject, routeTable } from '@entry/routes';
import { LayoutErrorScreen, RouteErrorScreen } from '../features/errors/route-error-screen.tsx';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { BrowserSupportPage } from '../features/pages/browser-support-page.tsx';
import { HelpPage } from '../features/pages/help-page.tsx';
import { HomePage } from '../features/pages/home-page.tsx';
import { TechnicalRequirementsPage } from '../features/pages/technical-requirements-page.tsx';
import { UnsubscribePage } from '../features/pages/unsubscribe-page.tsx';
import { unsubscribeLoader } from '../features/pages/unsubscribe-loader.ts';
import { RemoteRoute } from '../features/remotes/remote-route.tsx';

const legalRoute = async (page: 'privacy' | 'terms') => {
  const { LegalPage } = await import('../features/pages/legal-page.tsx');
  return { element: <LegalPage page={page} /> };
};

const demoRoute = async () => {
  const { DemoPage } = await import('../features/pages/demo-page.tsx');
  return { element: <DemoPage /> };
};

const shellRoutes: Record<RouteIdOwnedBy<'shell'>, Omit<RouteObject, 'path' | 'index' | 'children'>> = {
  home: { element: <HomePage /> },
  help: { element: <HelpPage /> },
  // The demo's sample question brings the exam kit's controls: they load with its page, not with every page.
  demo: { lazy: demoRoute },
  unsubscribe: { element: <UnsubscribePage />, loader: unsubscribeLoader },
  browserSupport: { element: <BrowserSupportPage /> },
  technicalRequirements: { element: <TechnicalRequirementsPage /> },
  // Long texts few visitors read: each loads with its page, not with every page.
  privacy: { lazy: async () => legalRoute('privacy') },
  terms: { lazy: async () => legalRoute('terms') },
};

const toRoute = (id: RouteId): RouteObject => {
  const { path, owner } = routeTable[id];
  // Every route has its own error element, inside the frame: the top bar and the footer stay.
  const location = path === '/' ? { index: true as const } : { path: path.slice(1) };
  const errorElement = <RouteErrorScreen />;
  if (owner === 'shell') return { id, ...location, errorElement, ...shellRoutes[id as RouteIdOwnedBy<'shell'>] };
  return {
    id,
    ...location,
    errorElement,
    // Keyed by route: another route of the same remote is another screen, with its own error state.
    element: <RemoteRoute key={id} remote={owner as RemoteName} routeId={id as RouteIdOwnedBy<RemoteName>} />,
  };
};

/**
 * The whole route table of SPEC section 2 inside the shell's layout, and not-found for the rest. The
 * router's raw error screen (SPEC section 2's 'Unexpected Application Error!') is never shown: ADR 021.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <LayoutErrorScreen />,
    children: [...routeIds.map(toRoute), { id: 'notFound', path: '*', element: <NotFoundScreen />, errorElement: <RouteErrorScreen /> }],
  },
];
