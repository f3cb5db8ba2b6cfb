import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
// The static router exists for the server alone: the browser bundle never sees it (ADR 015).
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { configureApi, setApiContextSource, type ApiContext } from '@entry/api';
import { toCurrentUser, useAuthStore, type RawSessionUser } from '@entry/auth';
import { addTranslations } from '@entry/i18n';
import { createQueryClient, dehydrate, QueryClientProvider } from '@entry/query';
import { BASE_PATH, isRouteErrorResponse, PageNotFound, REMOTE_NAMES, routeTable, safeRedirect, type RemoteName, type RemoteScreens, type RouteId, type RouteIdOwnedBy, type Site } from '@entry/routes';
import { App } from '../app/app.tsx';
import { env } from '../app/env.ts';
import { serializePageState, type PageState } from '../app/page-state.ts';
import { appRoutes } from '../app/routes.tsx';
import { knownConsent, useConsentStore } from '../features/consent/consent-store.ts';
import { isSignedOutOnly } from '../features/session/signed-out-only.tsx';
import type { RemoteLoader } from '../features/remotes/remote-loader.ts';
import { parseRemoteRegistry, resolveRemotes, type RemoteRegistry, type ResolvedRemote } from '../features/remotes/remote-registry.ts';
import { fulfilled } from '../features/remotes/tracked-promise.ts';
import { shellTexts } from '../locales/en-gb.ts';
import { sharedAssetsOf, verifiedVersion } from './preloads.ts';
import { loadServerScreens } from './server-remotes.ts';
import { providedVersions } from './shared-scope.ts';
import type { SiteFiles } from './site-files.ts';

addTranslations('shell', shellTexts);
configureApi({ releaseId: env.releaseId });

/** Each render's own services: calls made while it prefetches go to its visitor's session, never another's. */
const requestContext = new AsyncLocalStorage<Partial<ApiContext>>();
setApiContextSource(() => requestContext.getStore());

export type RenderInput = {
  /** The page's address as the visitor asked for it, on the site's configured origin. */
  url: string;
  /** The deployed site's files (a folder, or a node's memory): remotes.json's versions and their server builds are read from them. */
  files: SiteFiles;
  /** remotes.json as deployed now. */
  registry: unknown;
  /** The visitor's canary bucket id (a cookie). */
  visitorId: string;
  /** Versions a preview link pins this visitor to, checked by the server. */
  pins?: Partial<Record<RemoteName, string>>;
  /** Who is signed in, as GET /ms_accounts/user answers; null for a visitor without a session. */
  user: RawSessionUser | null;
  /** The visitor sent a session cookie that no longer opens a session: the browser logs them out (SPEC section 6). */
  sessionEnded: boolean;
  site: Site;
  /** How this visitor's calls reach the services while the page renders (in-process, with their cookie). */
  fetch: typeof fetch;
  /** Rendered ahead for a static host, for no one in particular: the browser asks who is signed in. */
  prerendered?: boolean;
  /** The visitor's cookies and what the edge says of their country (null when it does not say): for cookie consent and sign-up. */
  visitor?: { cookies: string; eu: boolean | null; country: string | null };
  /**
   * The one remote version this renderer may load (the reference server's worker holds one version set,
   * ADR 016): a page whose route another remote or version owns for this visitor is not rendered here.
   * Without it (the pages written for static hosts), any version the registry names.
   */
  holds?: { remote: RemoteName; version: string } | null;
};

export type RenderResult =
  | { kind: 'redirect'; location: string }
  /** Nothing to compose on the server (a route's data answered with an error): the browser renders the page. */
  | { kind: 'skip'; reason: string }
  /** The page could not be composed (a screen threw, or is not this renderer's to render): the browser renders it, and it counts as a failure. */
  | { kind: 'failed'; reason: string }
  | {
      kind: 'page';
      status: number;
      /** The root element's content. */
      html: string;
      /** PageState, ready to be the text of the page's state element. */
      state: string;
      /** The remote whose screen this is, at the version rendered: its files are the page's to preload. */
      remote: { name: RemoteName; version: string; entry: string; script?: string; direct?: string } | null;
    };

const ownerOf = (routeId: string | undefined): RemoteName | null => {
  const owner = routeId && routeId in routeTable ? routeTable[routeId as RouteId].owner : null;
  return owner && owner !== 'shell' ? owner : null;
};

/** The loader the shell's routes use, with the one remote this page needs already loaded. */
const serverLoader = (remotes: RemoteRegistry, owner: RemoteName | null, screens: RemoteScreens<RemoteName> | null): RemoteLoader => ({
  registry: remotes,
  loadScreens: <R extends RemoteName>(name: R) => {
    if (name !== owner || !screens) throw new Error(`The ${name} remote was not loaded for this page`);
    return fulfilled(screens as unknown as RemoteScreens<R>);
  },
  runningVersion: (name) => remotes[name].version,
  recoverFromCrash: async () => false,
});

/**
 * Composes one page on the server: the shell's frame around the owning remote's screen, at the
 * versions this visitor gets from the registry, with the route's data already fetched. All that may
 * wait is done first; the render itself is one synchronous pass, so no other request's render can
 * run in between and see this one's signed-in user.
 */
export const renderPage = async (input: RenderInput): Promise<RenderResult> => {
  const registryUrl = `${input.site.origin}${BASE_PATH}/remotes.json`;
  const chosen = resolveRemotes(parseRemoteRegistry(input.registry), {
    registryUrl,
    visitorId: input.visitorId,
    overrides: {},
    failed: {},
    pins: input.pins,
  });
  const user = input.user && toCurrentUser(input.user);
  const handler = createStaticHandler(appRoutes, { basename: BASE_PATH });
  const context = await requestContext.run({ fetch: input.fetch, inBrowser: false }, () => handler.query(new Request(input.url)));
  if (context instanceof Response) return { kind: 'redirect', location: context.headers.get('Location') ?? BASE_PATH };
  // A loader's answer (400 for a malformed link) is rendered by the route's error element, with its status; a loader that threw is not.
  if (context.errors && !Object.values(context.errors).every(isRouteErrorResponse)) return { kind: 'skip', reason: 'a route loader failed' };

  const match = context.matches.at(-1);
  const routeId = match?.route.id;
  if (user && routeId && isSignedOutOnly(routeId)) {
    return { kind: 'redirect', location: safeRedirect(new URL(input.url).searchParams.get('redirect'), input.site.origin) ?? '/' };
  }

  const owner = ownerOf(routeId);
  // The route's remote as the browser is to load it: its entry script, when the server finds it
  // compatible with this shell, so the browser neither fetches nor checks the manifest (ADR 024).
  // Its screens as one plain script too, with the shared modules the shell's start leaves out that they
  // need, which the browser loads first (ADR 027). The other remotes the same, with their screens'
  // stylesheets, for a later navigation (ADR 030). A page written ahead for a static host knows no
  // origin: its browser reads the manifests as before.
  const provided = providedVersions();
  const later = sharedAssetsOf(input.files);
  const resolve = (name: RemoteName): ResolvedRemote => {
    const verified = verifiedVersion(input.files, { name, version: chosen[name].version }, provided, later);
    if (!verified) return chosen[name];
    const { script, direct, stylesheets } = verified;
    const styles = direct && name !== owner ? stylesheets : [];
    return {
      ...chosen[name],
      script: new URL(script, registryUrl).href,
      ...(direct ? { direct: new URL(direct.url, registryUrl).href, ...(direct.needs.length > 0 ? { directNeeds: direct.needs } : {}) } : {}),
      ...(styles.length > 0 ? { styles: styles.map((file) => new URL(file, registryUrl).href) } : {}),
    };
  };
  /** Another remote's version whose files this site cannot read is left to the browser, which tells its fault as it loads. */
  const resolveOther = (name: RemoteName): ResolvedRemote => {
    try {
      return resolve(name);
    } catch {
      return chosen[name];
    }
  };
  const remotes: RemoteRegistry = input.prerendered
    ? chosen
    : (Object.fromEntries(REMOTE_NAMES.map((name) => [name, name === owner ? resolve(name) : resolveOther(name)])) as RemoteRegistry);
  if (input.holds !== undefined && owner && (input.holds?.remote !== owner || input.holds.version !== remotes[owner].version)) {
    return { kind: 'failed', reason: `this renderer holds ${input.holds ? `${input.holds.remote} ${input.holds.version}` : 'no remote'}, not ${owner} ${remotes[owner].version}` };
  }
  const module = owner ? await loadServerScreens(input.files, owner, remotes[owner].version) : null;
  const queries = createQueryClient();
  const prefetch = routeId ? module?.prefetch?.[routeId as RouteIdOwnedBy<RemoteName>] : undefined;
  let rendered = context;
  if (prefetch && match && routeId) {
    await requestContext.run({ fetch: input.fetch, inBrowser: false }, () => prefetch({ params: match.params, queries }));
    const failed = queries.getQueryCache().getAll().find((query) => query.state.status === 'error');
    // The data an address names does not exist (an unknown school or taster): the not-found screen, with a 404,
    // as the route's error element shows it in the browser when the screen finds the same.
    if (failed && (failed.state.error as { status?: unknown } | null)?.status === 404) {
      queries.removeQueries({ predicate: (query) => query.state.status === 'error' });
      rendered = { ...context, statusCode: 404, errors: { [routeId]: new PageNotFound() } };
    } else if (failed) return { kind: 'skip', reason: `the route’s data answered with an error: ${String(failed.state.error)}` };
  }

  const router = createStaticRouter(handler.dataRoutes, rendered);
  const consent = input.visitor ? knownConsent({ cookies: input.visitor.cookies, eu: input.visitor.eu, search: new URL(input.url).search }) : null;
  const visitorCountry = input.visitor?.country ?? null;
  const before = useAuthStore.getState();
  const consentBefore = useConsentStore.getState();
  useAuthStore.setState(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
  if (consent) useConsentStore.setState({ choice: consent.choice, region: consent.region, bannerHidden: consent.bannerHidden });
  let html: string;
  try {
    html = renderToString(
      // This request's own query client: the screens' QueryProvider uses it instead of the browser's one.
      <QueryClientProvider client={queries}>
        <App loader={serverLoader(remotes, owner, module)} site={input.site} country={{ known: visitorCountry, lookUp: false }}>
          <StaticRouterProvider router={router} context={rendered} hydrate={false} />
        </App>
      </QueryClientProvider>,
    );
  } finally {
    useAuthStore.setState({ status: before.status, user: before.user });
    useConsentStore.setState({ choice: consentBefore.choice, region: consentBefore.region, bannerHidden: consentBefore.bannerHidden });
  }
  // A boundary React had to leave to the browser (a screen threw, or waited): the page is not composed.
  // renderToString keeps the error to itself, so the reason says where, not what.
  if (html.includes('<!--$!-->')) return { kind: 'failed', reason: `the ${owner ?? 'shell'} screen threw while rendering on the server` };
  const state: PageState = {
    remotes,
    user: input.user,
    sessionEnded: input.sessionEnded,
    prerendered: input.prerendered ?? false,
    site: input.site,
    consent,
    visitorCountry,
    queries: dehydrate(queries),
    router: { loaderData: rendered.loaderData, actionData: rendered.actionData, errors: rendered.errors },
  };
  return {
    kind: 'page',
    // The catch-all route is the not-found screen: a real 404 for whoever asks.
    status: match?.route.path === '*' ? 404 : rendered.statusCode,
    html,
    state: serializePageState(state),
    remote: owner
      ? { name: owner, version: remotes[owner].version, entry: remotes[owner].entry, script: remotes[owner].script, direct: remotes[owner].direct }
      : null,
  };
};

/**
 * Loads the server build of the one remote version this renderer holds, so the first visitor after a
 * start or a release is not the one who waits for it.
 */
export const warmUp = async (files: SiteFiles, holds: { remote: RemoteName; version: string } | null): Promise<void> => {
  if (holds) await loadServerScreens(files, holds.remote, holds.version);
};
