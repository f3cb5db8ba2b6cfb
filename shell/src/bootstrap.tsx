import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureApi, getCurrentUser, logOut } from '@entry/api';
import { toCurrentUser, useAuthStore } from '@entry/auth';
import { addTranslations, onMissingKey } from '@entry/i18n';
import { BASE_PATH, RouterProvider, routeIdOf, routeTable, type RemoteName, type Site } from '@entry/routes';
import { holdUncaught, initTelemetry, reportMissingTranslation, reportWarning } from '@entry/telemetry';
import { probeSingletons } from '@entry/singleton-probe';
import { AppProviders } from '@entry/ui';
import { App, createAppRouter, loadRoutesOf } from './app/app.tsx';
import type { VisitorCountrySource } from './app/use-visitor-country.ts';
import { env } from './app/env.ts';
import { whenIdle, yieldToMain } from './app/when-idle.ts';
import { readPageState, type PageState } from './app/page-state.ts';
import { FullPageError } from './features/errors/full-page-error.tsx';
import { createFederationRemoteLoader } from './features/remotes/remote-loader.ts';
import { visitorIdFrom } from './features/remotes/canary.ts';
import { readFailedVersions, type FailedVersions } from './features/remotes/failed-versions.ts';
import { failureReporter } from './features/remotes/failure-reports.ts';
import { loadBeacon } from './features/remotes/load-beacon.ts';
import { previewPins } from './features/remotes/preview-pin.ts';
import { guardedReload } from './features/remotes/recovery-reload.ts';
import { readOverrides } from './features/remotes/remote-overrides.ts';
import { fetchRemoteRegistry, resolveRemotes, runsCanary, type RemoteRegistry } from './features/remotes/remote-registry.ts';
import { useConsentStore } from './features/consent/consent-store.ts';
import { restoreBrandOverride } from './features/theme/brand-store.ts';
import { shellTexts } from './locales/en-gb.ts';

addTranslations('shell', shellTexts);
probeSingletons('shell');
configureApi({ releaseId: env.releaseId });
onMissingKey(reportMissingTranslation);
// Error reporting's SDK is not what the first tap needs: it starts when the page is idle, and what goes
// uncaught before then is held for it (ADR 024).
holdUncaught(window);
whenIdle(() => void initTelemetry({ dsn: env.sentryDsn, environment: env.environment, release: env.releaseId }));

const storage = (name: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return window[name];
  } catch {
    return undefined;
  }
};

let visitor: string | undefined;
/**
 * The visitor's canary bucket id, read when the browser first needs it (it picks versions itself, or
 * reports a failure): a composed page starts without touching cookies or local storage for it, as the
 * server that picked its versions already set the cookie.
 */
const visitorId = () => (visitor ??= visitorIdFrom(storage('localStorage'), () => crypto.randomUUID()));
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
  resolveRemotes(document, { registryUrl: url, visitorId: visitorId(), overrides, failed, pins: previewPins(window.document.cookie, Date.now() / 1000) });

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
    onDirectFailure: (remote, error) =>
      reportWarning('A remote’s direct script failed; its screens were loaded through the federation runtime', { tags: { remote }, extra: { error: String(error) } }),
    onMissing: reloadIfRegistryMoved(started),
    onAttempt: loadBeacon(remotes),
    reloadInto: (remote, version) => guardedReload(session, `${remote}@${version}`, () => location.reload()),
  });

/** How long a composed page waits for its route's remote before it hydrates without it. */
const HYDRATION_WAIT_MS = 10_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `then` once, after the first commit: for a hydrated page, once hydration is done. */
const AfterFirstCommit = ({ then }: { then: () => void }) => {
  useEffect(() => then(), [then]);
  return null;
};

/** The app around the router; a screen that uses queries brings the page's one query client (QueryProvider). */
const app = (
  loader: ReturnType<typeof loaderFor>,
  site: Site,
  country: VisitorCountrySource,
  router: ReturnType<typeof createAppRouter>,
  afterCommit?: () => void,
): ReactNode => (
  <App loader={loader} site={site} country={country}>
    <RouterProvider router={router} />
    {afterCommit && <AfterFirstCommit then={afterCommit} />}
  </App>
);

/** The remote that owns the route of this address, or 'shell'. */
const ownerOfPage = () => {
  const routeId = routeIdOf(location.pathname.slice(BASE_PATH.length) || '/');
  return routeId ? routeTable[routeId].owner : 'shell';
};

/** Who is signed in, asked of the server; a 401 has begun the logout already (SPEC section 6). */
const pickUpSession = () =>
  void getCurrentUser().then(
    (user) => useAuthStore.getState().setCurrentUser(user),
    () => useAuthStore.getState().clearSession(),
  );

/**
 * A page the server composed (ADR 015): the browser starts from exactly what the server rendered it
 * with (user, data, router state) and hydrates the server's HTML instead of rendering it again, once
 * the route's remote (its files preloaded by the page) is loaded. Until then the page is the
 * server's: readable, its links working, its forms held back (SubmitButton).
 */
const hydratePage = async (state: PageState, remotes: RemoteRegistry, started: RemoteRegistry) => {
  useAuthStore.getState().setCurrentUser(toCurrentUser(state.user ?? {}));
  if (state.consent) useConsentStore.getState().resume(state.consent);
  // The page came with a session cookie that no longer opens one: SPEC section 6's logout.
  if (state.sessionEnded) void logOut();
  // The data the server rendered the route's screen with goes into the page's query client before it
  // hydrates. Only a page that has some loads TanStack Query for it: the others never download it.
  // Should it fail to load, so will the screen that needs it, which then shows its error screen.
  const queries =
    state.queries.queries.length > 0
      ? import('@entry/query').then(({ hydrate, queryClient }) => hydrate(queryClient, state.queries)).catch(() => undefined)
      : undefined;
  configureApi({ canary: runsCanary(remotes) });
  const loader = loaderFor(remotes, started);
  const owner = ownerOfPage();
  // The route's screen hydrates with the rest, once its remote is here (its files are preloaded):
  // an update reaching a screen still waiting for its code would make React render it afresh,
  // dropping what the visitor typed. One that cannot load hydrates into its error screen.
  // A remote that hangs keeps the page waiting no longer than the fallback's 10 s (ADR 014).
  const screens = owner === 'shell' ? undefined : Promise.race([loader.loadScreens(owner).catch(() => undefined), delay(HYDRATION_WAIT_MS)]);
  // A page rendered ahead for a static host knows no visitor and no origin: the browser supplies both.
  const site = state.prerendered ? { ...state.site, origin: location.origin } : state.site;
  await Promise.all([loadRoutesOf(location.pathname), screens, queries]);
  // The remote's code has just run: hydration starts in a task of its own.
  await yieldToMain();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread in one long task: the page the server rendered stays responsive meanwhile.
  startTransition(() => {
    // A page rendered ahead knows no visitor: their country is asked once it has hydrated.
    const country = { known: state.visitorCountry ?? null, lookUp: state.prerendered };
    hydrateRoot(rootElement, app(loader, site, country, createAppRouter(state.router), state.prerendered ? pickUpSession : undefined), {
      onRecoverableError: (error) => {
        console.error('Hydration did not match the server’s page', error);
        reportWarning('Hydration did not match the server’s page', { extra: { error: String(error) } });
      },
    });
  });
};

/** The versions for this visitor from remotes.json: the registry as fetched, and as resolved for this tab. */
const readRegistry = async () => {
  const fetched = await fetchRegistry();
  return { remotes: resolveFor(fetched, readFailedVersions(session)), started: resolveFor(fetched, {}) };
};

/** The page the browser renders alone: a development server's, or one the server could not compose. */
const renderPage = async (registry: Promise<Awaited<ReturnType<typeof readRegistry>>>) => {
  if (document.querySelector('meta[name="entry:composition"][content="failed"]')) {
    reportWarning('The server could not compose this page; the browser rendered it alone', { tags: { path: location.pathname } });
  }
  const root = createRoot(rootElement);
  // The public app works signed out; a session, when there is one, is picked up here. It waits for the
  // registry so that its call already carries the canary flag.
  void registry
    .then(({ remotes }) => configureApi({ canary: runsCanary(remotes) }))
    .catch(() => undefined)
    .then(pickUpSession);
  try {
    const { remotes, started } = await registry;
    const site: Site = {
      origin: location.origin,
      googleClientId: document.querySelector<HTMLMetaElement>('meta[name="google-signin-client_id"]')?.content,
    };
    // The page names its own title (PageTitle): the template's generic one would be a second.
    document.querySelector('head > title')?.remove();
    root.render(app(loaderFor(remotes, started), site, { known: null, lookUp: true }, createAppRouter()));
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

/**
 * A static host's page, rendered ahead with the live versions and no query: this visitor may run a
 * canary or a fallback of the route's remote instead, so remotes.json decides, and the address may
 * carry a query the page was not written with (a redirect its links keep). With the same version and
 * no query the page hydrates; otherwise the browser renders it (the written page shows until then).
 */
const startPrerendered = async (state: PageState) => {
  const registry = readRegistry();
  const owner = ownerOfPage();
  try {
    const { remotes, started } = await registry;
    const asWritten = location.search === '' && (owner === 'shell' || remotes[owner].version === state.remotes[owner].version);
    if (asWritten) return hydratePage(state, remotes, started);
  } catch {
    // The registry could not be read: the page the browser renders alone says so.
  }
  return renderPage(registry);
};

const start = async () => {
  // The shell's modules have just been evaluated, in a task of their own: the start goes on in the next.
  await yieldToMain();
  const state = readPageState();
  if (!state) await renderPage(readRegistry());
  else if (state.prerendered) await startPrerendered(state);
  else await hydratePage(state, state.remotes, state.remotes);
};

void start().then(restoreBrandOverride);
