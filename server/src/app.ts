import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { html } from 'hono/html';
import { HTTPException } from 'hono/http-exception';
import { BASE_PATH, secretRouteOf } from '@entry/routes';
import type { Database } from './db/database.ts';
import { createCaptcha } from './accounts/captcha.ts';
import { createCredentialCheck } from './accounts/credentials.ts';
import { createGoogleSignIn, type GoogleConfig } from './accounts/google.ts';
import { createRecaptcha, type RecaptchaConfig } from './accounts/recaptcha.ts';
import { accountRoutes } from './accounts/routes.ts';
import { createThrottle, DEFAULT_LIMITS, type ThrottleLimits } from './accounts/throttle.ts';
import { examRoutes } from './exams/routes.ts';
import { gatewayRoutes } from './gateway/routes.ts';
import { brotli } from './http/brotli.ts';
import { CSP_REPORT_PATH, securityHeaders } from './http/security-headers.ts';
import { cspReportRoutes } from './http/csp-reports.ts';
import { DEFAULT_LOAD_SHEDDING, eventLoopOverload, shedLoad, type LoadShedding } from './http/load-shedding.ts';
import { jsonBodiesOnly, requestLog, sameOriginOnly, wellFormedPaths } from './http/request-guards.ts';
import { searchFileRoutes } from './http/search-files.ts';
import { siteContext, type SiteConfig } from './http/site.ts';
import { SLOW_REFUSALS, slowRefusals, type SlowRefusals } from './http/slow-refusals.ts';
import { nonceSlots } from './http/csp-nonce.ts';
import { isAppPath, siteFiles } from './http/static-files.ts';
import { readSession } from './accounts/sessions.ts';
import { findUserById, toPublicUser } from './accounts/users.ts';
import { createComposer } from './ssr/composer.ts';
import { fileWatcher, folderSite, type DeployedSite } from './ssr/deployed-site.ts';
import { visitorIdOf } from './ssr/visitor-id.ts';
import { storedSecret } from './accounts/secrets.ts';
import { previewOf, previewRoutes } from './preview/routes.ts';
import { publicUserRoutes } from './public-user/routes.ts';
import { releasesRoutes } from './releases/routes.ts';
import { signedInRoutes } from './signed-in/routes.ts';
import type { StrengthPool } from './public-user/strength-pool.ts';
import { emailRoutes, registrationRoutes } from './registration/routes.ts';
import { visitorOf, visitorRoutes } from './routes/visitor.ts';
import { readSiteName } from './http/site-name.ts';
import { appMetadataRoutes } from './routes/app-metadata.ts';
import { ofrepRoutes } from './routes/ofrep.ts';
import { rolloutRoutes } from './rollouts/routes.ts';
import { sqliteState, type SharedState } from './shared-state/shared-state.ts';
import type { BeforeMove, MirrorStatus } from './store/site-mirror.ts';

export type AppOptions = {
  /** The deploy folder (not read by a node reading the site from a store). */
  publicDir: string;
  /**
   * A node reading the site from an object store (store/): what composing reads, held in memory; the
   * site's other files, from the store; and how the store answers, for /health.
   */
  siteStore?: { site: DeployedSite; files: MiddlewareHandler; status: () => MirrorStatus; beforeMove?: (hook: BeforeMove) => void };
  /** What several nodes must see the same (shared-state/); default: this node's database. */
  state?: SharedState;
  db: Database;
  flagsPath: string;
  captchaSecret: string;
  /** Where the site lives and whom to believe about the visitor's address (http/site.ts). */
  site: SiteConfig;
  /** The worker threads that estimate password strength (public-user/strength-pool.ts). */
  strength: StrengthPool;
  /** Signs links in mails; without one, a secret made once and kept in the database. */
  linkSecret?: string;
  limits?: Partial<ThrottleLimits>;
  /** How an address over an account-service limit is answered (http/slow-refusals.ts). */
  refusals?: Partial<SlowRefusals>;
  google?: GoogleConfig;
  /** With a secret, reCAPTCHA verifies captcha tokens; without one, the self-hosted captcha does. */
  recaptcha?: RecaptchaConfig;
  /** The request header in which the edge (CDN) passes the visitor's country. */
  countryHeader?: string;
  /** Pages composed on the server (ADR 015); off, every page is the one the browser renders alone. */
  composePages?: boolean;
  /** How long composing a page may take before the browser gets to render it alone. */
  composeTimeoutMs?: number;
  /** Opens the release page (/releases) to whoever gives it; without one there is no such page. */
  releasesToken?: string;
  /** Given what closes the app's own resources (its composition workers), for a graceful shutdown. */
  closeWith?: (close: () => Promise<void>) => void;
  /** A line per API call on standard output (off where the app only answers a release check's pages). */
  logRequests?: boolean;
  /**
   * When the server counts as overloaded (http/load-shedding.ts); main.ts gives the configured one.
   * Without it nothing is shed: an app in a test shares its loop with the test's own work.
   */
  loadShedding?: Partial<LoadShedding>;
  /** How many bytes of composed pages for visitors without a session are kept to be sent again (ssr/composer.ts). */
  sharedPagesBytes?: number;
  /** Whether the server is overloaded now; by default, its event loop's delay against `loadShedding`. */
  overloaded?: () => boolean;
};

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The site's settings a page needs at run time rather than in its build, so one build serves every
 * deployment: the Google client id, under the name Google's own sign-in library reads.
 */
const siteSettings = ({ google }: Pick<AppOptions, 'google'>) => {
  const tags = google?.clientId ? String(html`<meta name="google-signin-client_id" content="${google.clientId}" />`) : '';
  return (page: string) => (tags ? page.replace('</head>', `${tags}</head>`) : page);
};

/**
 * What is deployed with the site for hosts other than this server (ADR 015): the shell's and every
 * remote version's server build, and the pages written ahead for static hosts (this server composes its own).
 */
const NOT_FOR_VISITORS = /^(server|prerendered|remotes\/[^/]+\/[^/]+\/server)(\/|$)/;

/** The site's pages and files under /public, not the public-user service mounted among them. */
const SITE_PAGES_AND_FILES = /^\/public(?:\/(?!user(?:\/|$))|$)/;

/** The login screens, where Google's sign-in popup must keep its way back to the page (COOP). */
const GOOGLE_SIGN_IN_PAGES = new Set(['/', '/login']);

export const createApp = (options: AppOptions) => {
  const { publicDir, siteStore, db, flagsPath, captchaSecret, site, strength, limits, refusals, google, recaptcha, countryHeader, composePages = true, composeTimeoutMs = 3000, logRequests = true } = options;
  const shedding = { ...DEFAULT_LOAD_SHEDDING, maxEventLoopDelayMs: 0, ...options.loadShedding };
  const overloaded = options.overloaded ?? eventLoopOverload(shedding.maxEventLoopDelayMs);
  const linkSecret = options.linkSecret ?? storedSecret(db, 'links');
  const state = options.state ?? sqliteState(db);
  const visitorCountryHeader = countryHeader ?? 'x-country-code';
  const withSiteSettings = siteSettings({ google });
  const deployedSite = siteStore?.site ?? folderSite(publicDir);
  /**
   * The page the browser renders alone (index.html with the site's settings), plain and marked as a
   * failed composition: read again only when a release changes it, and kept cut where each answer's
   * nonce goes, as kept composed pages are. An overloaded server sends it most.
   */
  const clientPages = fileWatcher(deployedSite, 'index.html', (text) => ({
    plain: nonceSlots(withSiteSettings(text)),
    failed: nonceSlots(withSiteSettings(text.replace('</head>', '<meta name="entry:composition" content="failed" /></head>'))),
  }));
  const app = new Hono();

  if (logRequests) app.use('*', requestLog);
  app.use('*', siteContext(site));
  // Before anything can answer: even a refusal of a malformed path carries the security headers.
  app.use('*', securityHeaders({ secure: new URL(site.publicOrigin).protocol === 'https:' }));
  app.use('*', wellFormedPaths);
  // Overloaded, a call is refused at once rather than queued. /health answers whatever the load; the
  // site's pages and files have their own cheap ways (a page the browser renders, files from the CDN).
  app.use('*', shedLoad({ overloaded, retryAfterSeconds: shedding.retryAfterSeconds, spare: (c) => c.req.path === '/health' || SITE_PAGES_AND_FILES.test(c.req.path) }));
  app.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'Request body too large' }, 413) }),
  );
  // Browsers post violation reports without our headers and in their own content types.
  app.route(CSP_REPORT_PATH, cspReportRoutes({ db }));
  // Every state-changing call, whichever service, comes from our own pages (SPEC section 7 headers).
  app.use('*', sameOriginOnly);
  app.use('*', jsonBodiesOnly());

  app.get('/health', (c) => {
    db.prepare('SELECT 1').get();
    // A node that cannot reach the store still serves, with the last registry it read, and says so.
    return c.json({ status: 'ok', ...(siteStore && { site: siteStore.status() }), ...(options.state && { shared: state.kind }) });
  });

  app.route('/app-metadata', appMetadataRoutes({ site: deployedSite, db, state }));
  app.route('/app-metadata', rolloutRoutes({ site: deployedSite, state }));
  app.route('/app-metadata', visitorRoutes({ countryHeader: visitorCountryHeader }));
  app.route('/ofrep', ofrepRoutes({ flagsPath }));
  const throttle = createThrottle(db, { ...DEFAULT_LIMITS, ...limits });
  const captcha = recaptcha?.secret ? createRecaptcha({ secret: recaptcha.secret, verifyUrl: recaptcha.verifyUrl }) : createCaptcha(db, captchaSecret);
  const credentials = createCredentialCheck({ db, throttle, captcha });
  // Where passwords, codes and emails are guessed, a guesser over its limit waits for each refusal.
  app.use('/ms_accounts/*', slowRefusals({ ...SLOW_REFUSALS, ...refusals }));
  app.route(
    '/ms_accounts',
    accountRoutes({
      db,
      throttle,
      captcha,
      credentials,
      google: createGoogleSignIn(google ?? { tokenUrl: 'https://oauth2.googleapis.com/token' }),
      siteName: readSiteName(deployedSite),
    }),
  );
  app.route('/ms_accounts', registrationRoutes({ db, credentials }));
  app.route('/ms_email', emailRoutes({ db }));
  app.route('/ms_exams', examRoutes({ db }));
  app.route('/event-gateway', gatewayRoutes({ db }));
  app.route('/public/user', publicUserRoutes({ db, strength, linkSecret }));

  app.route('/', searchFileRoutes({ publicOrigin: site.publicOrigin, publicDir: siteStore ? null : publicDir }));
  app.route('/', signedInRoutes({ db }));
  app.route('/preview', previewRoutes({ site: deployedSite, linkSecret }));
  // The release page moves the pointers of the folder this server serves; a node reading a store has none of its own.
  if (options.releasesToken && !siteStore) app.route('/releases', releasesRoutes({ publicDir, state, token: options.releasesToken }));
  const composer = createComposer({ deployedSite, db, state, site: { origin: site.publicOrigin, googleClientId: google?.clientId }, timeoutMs: composeTimeoutMs, overloaded, sharedPagesBytes: options.sharedPagesBytes });
  options.closeWith?.(() => composer.close());
  if (composePages) {
    // A node reading a store starts the workers of a move before it is in force.
    siteStore?.beforeMove?.((next, waitMs) => composer.prepare(next, waitMs));
    try {
      composer.warmUp();
    } catch (error) {
      console.warn('The composition workers could not start:', error);
    }
  }

  /** The services as this visitor calls them while their page is composed: in-process, with their cookie, on this origin only. */
  const servicesFor = (c: Context) => async (request: Request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const cookie = c.req.header('cookie');
    if (cookie) headers.set('cookie', cookie);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    return app.fetch(new Request(new URL(`${url.pathname}${url.search}`, site.publicOrigin), { method: request.method, headers, body }), c.env);
  };

  /** A page of the site, composed on the server; or, when that cannot be, the page the browser renders alone. */
  const page = async (c: Context, appPath: string): Promise<Response> => {
    const session = readSession(c, db);
    const user = session.state === 'active' ? findUserById(db, session.id_user) : null;
    const preview = previewOf(c, { site: deployedSite, linkSecret });
    const { country, eu } = visitorOf(c, visitorCountryHeader);
    const composed = composePages
      ? await composer.compose(c, {
          url: new URL(`${c.req.path}${new URL(c.req.url).search}`, site.publicOrigin).href,
          visitorId: visitorIdOf(c),
          pins: preview ? { [preview.remote]: preview.version } : undefined,
          user: user && toPublicUser(user),
          sessionEnded: session.state === 'ended',
          shareable: session.state === 'none' && !preview,
          visitor: { cookies: c.req.header('Cookie') ?? '', eu, country },
          fetch: servicesFor(c),
        })
      : ({ kind: 'client', failure: null } as const);
    if (composed.kind === 'redirect') return c.redirect(composed.location);
    const nonce = c.get('cspNonce');
    const response =
      composed.kind === 'page'
        ? c.html(withSiteSettings(composed.slots.join(nonce)), composed.status as ContentfulStatusCode)
        : c.html(clientPages()[composed.failure ? 'failed' : 'plain'].join(nonce));
    // Who is signed in shapes the page: never a shared cache's to keep.
    response.headers.set('Cache-Control', 'private, no-cache');
    response.headers.append('Vary', 'Cookie');
    // The visitor's country shapes the page too (consent, sign-up's country): a cache keyed on it may keep it.
    response.headers.append('Vary', visitorCountryHeader);
    // A page whose address can hold a reset token or an access code sends no Referer anywhere.
    if (secretRouteOf(appPath)) response.headers.set('Referrer-Policy', 'no-referrer');
    if (google?.clientId && GOOGLE_SIGN_IN_PAGES.has(appPath.replace(/\/$/, '') || '/')) {
      response.headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    }
    return response;
  };

  const notFound = (c: Context) => c.json({ message: 'Resource not found' }, 404);
  app.on(
    ['GET', 'HEAD'],
    ['/public', '/public/*'],
    compress(),
    brotli(overloaded),
    async (c, next) => {
      const relativePath = c.req.path.replace(/^\/public\/?/, '');
      // Server builds are the server's to run, not the visitor's to fetch.
      if (NOT_FOR_VISITORS.test(relativePath)) return notFound(c);
      if (relativePath === '' || relativePath === 'index.html' || (isAppPath(relativePath) && !deployedSite.isFile(relativePath))) {
        return page(c, c.req.path.slice(BASE_PATH.length) || '/');
      }
      await next();
    },
    siteStore?.files ?? siteFiles(publicDir),
    notFound,
  );

  app.notFound((c) => c.json({ message: 'Resource not found' }, 404));
  app.onError((error, c) => {
    // A middleware's own answer (the release page's request for its token).
    if (error instanceof HTTPException) return error.getResponse();
    console.error(error);
    return c.json({ message: 'Internal Server Error' }, 500);
  });
  return app;
};
