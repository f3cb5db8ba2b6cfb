import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureApi, getCurrentUser, logOut } from '@entry/api';
import { toCurrentUser, useAuthStore } from '@entry/auth';
import { addTranslations, onMissingKey } from '@entry/i18n';
import { hydrate, queryClient } from '@entry/query';
import { BASE_PATH, RouterProvider, routeIdOf, routeTable, type RemoteName, type Site } from '@entry/routes';
import { initTelemetry, reportMissingTranslation, reportWarning } from '@entry/telemetry';
import { probeSingletons } from '@entry/singleton-probe';
import { AppProviders } from '@entry/ui';
import { App, createAppRouter } from './app/app.tsx';
import { env } from './app/env.ts';
import { readPageState, type PageState } from './app/page-state.ts';
import { FullPageError } from './features/errors/full-page-error.tsx';
import { createFederationRemoteLoader } from './features/remotes/remote-loader.ts';
import { visitorIdFrom } from './features/remotes/canary.ts';
import { readFailedVersions, type FailedVersions } from './features/remotes/failed-versions.ts';
import { failureReporter } from './features/remotes/failure-reports.ts';
import { guardedReload } from './features/remotes/recovery-reload.ts';
import { readOverrides } from './features/remotes/remote-overrides.ts';
import { fetchRemoteRegistry, resolveRemotes, runsCanary, type RemoteRegistry } from './features/remotes/remote-registry.ts';
import { restoreBrandOverride } from './features/theme/brand-store.ts';
import { shellTexts } from './locales/en-gb.ts';

addTranslations('shell', shellTexts);
probeSingletons('shell');
configureApi({ releaseId: env.releaseId });
onMissingKey(reportMissingTranslation);
void initTelemetry({ dsn: env.sentryDsn, environment: env.environment, release: env.releaseId });

const storage = (name: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return window[name];
  } catch {
    return undefined;
  }
};

const visitorId = visitorIdFrom(storage('localStorage'), () => crypto.randomUUID());
const session = storage('sessionStorage');
const rootElement = document.getElementById('root') as HTMLElement;

/** The registry as the server has it now, with any developer overrides. */
const fetchRegistry = async () => {
  const { document, url } = await fetchRemoteRegistry(env.registryUrl);
  const overrides = env.remoteOverrides
    ? { ...document.overrides, ...readOverrides(location.search, session, console.warn) }
    : {};
  return { document, url, overrides };
};

/** The versions this visitor gets from a registry: its canaries by bucket, and `failed` ones' fallbacks. */
const resolveFor = ({ document, url, overrides }: Awaited<ReturnType<typeof fetchRegistry>>, failed: FailedVersions) =>
  resolveRemotes(document, { registryUrl: url, visitorId, overrides, failed });

/**
 * A version this tab needs is missing: when the registry names other versions for the remote now (they
 * were moved and the old ones deleted while the tab was open), the tab reloads into them, once for each.
 * `started` is what the tab started with, before its own failures, which change what it picks, not the registry.
 */
const reloadIfRegistryMoved = (started: RemoteRegistry) => async (remote: RemoteName) => {
  try {
    const now = resolveFor(await fetchRegistry(), {})[remote];
    const then = started[remote];
    if (now.version === then.version && now.fallback?.version === then.fallback?.version) return false;
    return guardedReload(session, `${remote}@${now.version}`, () => location.reload());
  } catch {
    return false;
  }
};

const loaderFor = (remotes: RemoteRegistry, started: RemoteRegistry) =>
  createFederationRemoteLoader(remotes, {
    ...failureReporter({ registry: remotes, session, visitorId }),
    onMissing: reloadIfRegistryMoved(started),
    reloadInto: (remote, version) => guardedReload(session, `${remote}@${version}`, () => location.reload()),
  });

/** The app around the router, on the page's one query client. */
const app = (loader: ReturnType<typeof loaderFor>, site: Site, router: ReturnType<typeof createAppRouter>): ReactNode => (
  <App loader={loader} site={site} queries={queryClient}>
    <RouterProvider router={router} />
  </App>
);

/**
 * A page the server composed (ADR 015): the browser starts from exactly what the server rendered it
 * with (versions, user, data, router state) and hydrates the server's HTML instead of rendering it
 * again. The route's remote (its files preloaded by the page) starts loading at once; until it is
 * there its screen stays the server's HTML, while the frame around it already works.
 */
const hydratePage = async (state: PageState) => {
  useAuthStore.getState().setCurrentUser(toCurrentUser(state.user ?? {}));
  // The page came with a session cookie that no longer opens one: SPEC section 6's logout.
  if (state.sessionEnded) void logOut();
  hydrate(queryClient, state.queries);
  configureApi({ canary: runsCanary(state.remotes) });
  const loader = loaderFor(state.remotes, state.remotes);
  const routeId = routeIdOf(location.pathname.slice(BASE_PATH.length) || '/');
  const owner = routeId ? routeTable[routeId].owner : 'shell';
  if (owner !== 'shell') loader.loadScreens(owner).catch(() => undefined);
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread in one long task: the page the server rendered stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(rootElement, app(loader, state.site, createAppRouter(state.router)), {
      onRecoverableError: (error) => {
        console.error('Hydration did not match the server’s page', error);
        reportWarning('Hydration did not match the server’s page', { extra: { error: String(error) } });
      },
    });
  });
};

/** The page the browser renders alone: a static host's, a development server's, or one the server could not compose. */
const renderPage = async () => {
  if (document.querySelector('meta[name="entry:composition"][content="failed"]')) {
    reportWarning('The server could not compose this page; the browser rendered it alone', { tags: { path: location.pathname } });
  }
  const root = createRoot(rootElement);
  const fetched = fetchRegistry();
  const registry = fetched.then((started) => resolveFor(started, readFailedVersions(session)));
  // The public app works signed out; a session, when there is one, is picked up here. It waits for the
  // registry so that its call already carries the canary flag.
  void registry
    .then((remotes) => configureApi({ canary: runsCanary(remotes) }))
    .catch(() => undefined)
    .then(() => getCurrentUser())
    .then(
      (user) => useAuthStore.getState().setCurrentUser(user),
      // A 401 has begun the logout already (SPEC section 6); any other failure leaves the visitor signed out.
      () => useAuthStore.getState().clearSession(),
    );
  try {
    const remotes = await registry;
    const site: Site = {
      origin: location.origin,
      googleClientId: document.querySelector<HTMLMetaElement>('meta[name="google-signin-client_id"]')?.content,
    };
    root.render(app(loaderFor(remotes, resolveFor(await fetched, {})), site, createAppRouter()));
  } catch (error) {
    // Without the registry no remote can be found: say so plainly rather than show half a site.
    console.error(error);
    root.render(
      <AppProviders brand={env.brand}>
        <FullPageError />
      </AppProviders>,
    );
  }
};

const state = readPageState();
void (state ? hydratePage(state) : renderPage()).then(restoreBrandOverride);
