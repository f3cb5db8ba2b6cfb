import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

declare module 'hono' {
  interface ContextVariableMap {
    /** This response's Content-Security-Policy nonce: every <script> of its HTML carries it (nonceSlots). */
    cspNonce: string;
  }
}

/**
 * Where browsers send Content-Security-Policy violations (csp-reports.ts stores them). report-uri
 * only: every browser honours it and posts each violation at once, where report-to (Chromium's
 * Reporting API) batches them for up to a minute and drops what a closing tab had queued, and a
 * policy naming both is reported through report-to alone.
 */
export const CSP_REPORT_PATH = '/csp-reports';

/**
 * The third parties the site may load once configured (README, Configuration): Google sign-in,
 * reCAPTCHA, the tag manager with Google Analytics, Sentry and the HubSpot support chat. Their
 * scripts need no entry: 'strict-dynamic' lets our nonced scripts load them. What they fetch, frame
 * and draw does.
 */
const THIRD_PARTIES = {
  connect: [
    'https://accounts.google.com',
    'https://www.google.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://*.sentry.io',
    'https://*.hubspot.com',
    'https://*.hubapi.com',
    'https://*.hs-banner.com',
    'https://*.hscollectedforms.net',
    'https://*.hs-analytics.net',
    'wss://*.hubspot.com',
  ],
  frame: [
    'https://accounts.google.com',
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
    'https://www.googletagmanager.com',
    'https://*.hubspot.com',
  ],
  style: ['https://accounts.google.com/gsi/style'],
  image: ['https://*.google-analytics.com', 'https://*.googletagmanager.com', 'https://*.googleusercontent.com', 'https://www.gstatic.com', 'https://*.hubspot.com', 'https://*.hubspotusercontent-na1.net'],
};

const nonceOf = (c: Context) => `'nonce-${c.get('cspNonce')}'`;

/**
 * Types a browser only ever uses inside a page (scripts, styles, the web app manifest, fonts, raster
 * images), never renders as a document of its own. HTML and SVG are documents, and JSON answers keep
 * every header too (an API's refusal, say): they are few.
 */
const SUBRESOURCE_TYPE = /^(?:text\/(?:javascript|css)|application\/(?:javascript|manifest\+json|wasm)|font\/|image\/(?:png|webp|avif|jpeg|gif|x-icon|vnd\.microsoft\.icon))/i;

/**
 * The headers that govern a document (its policy, framing, window and process isolation): sent with a
 * script or a stylesheet they govern nothing, yet on a page of forty files they were 50 KiB of its
 * transfer. `X-Content-Type-Options`, `Referrer-Policy` (for what a stylesheet fetches) and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/** A file of the site's own (shell, remotes, their manifests) that only a page uses. */
const isSubresource = (c: Context) =>
  c.req.path.startsWith('/public/') && SUBRESOURCE_TYPE.test(c.res.headers.get('Content-Type') ?? '');

export type SecurityHeaderOptions = {
  /** The site is served over https (its public origin): HSTS is sent. */
  secure: boolean;
  /** Origins our pages may also call besides their own (a self-hosted Sentry, say). */
  extraConnectOrigins?: string[];
};

/**
 * Headers for every document (ASVS 5.0 V3.4): a strict, nonce-based Content-Security-Policy
 * (Google's strict CSP: the nonce plus 'strict-dynamic', with `https:` and 'unsafe-inline' as
 * fallbacks that browsers with CSP 3 ignore), HSTS for a year over https, COOP same-origin,
 * no framing, no sniffing. Handlers may set Referrer-Policy or COOP themselves for their pages
 * (secret-carrying addresses, Google's sign-in popup): those are kept.
 */
export const securityHeaders = ({ secure, extraConnectOrigins = [] }: SecurityHeaderOptions): MiddlewareHandler => {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [nonceOf, "'strict-dynamic'", 'https:', "'unsafe-inline'"],
      // Style attributes (React's style prop, Radix) and the style elements libraries insert cannot carry a nonce.
      styleSrc: ["'self'", "'unsafe-inline'", ...THIRD_PARTIES.style],
      imgSrc: ["'self'", 'data:', ...THIRD_PARTIES.image],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...THIRD_PARTIES.connect, ...extraConnectOrigins],
      frameSrc: THIRD_PARTIES.frame,
      // ALTCHA's proof-of-work workers (account-kit's load-altcha.ts) start from blob: URLs.
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      reportUri: CSP_REPORT_PATH,
    },
    strictTransportSecurity: secure ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginOpenerPolicy: 'same-origin',
    // Remotes may be deployed to another origin (a CDN): their files must stay loadable from there.
    crossOriginResourcePolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    overwrite: false,
  });
  return async (c, next) => {
    // 128 random bits per response (CSP 3 asks for at least 128).
    c.set('cspNonce', randomBytes(16).toString('base64'));
    await headers(c, next);
    if (isSubresource(c)) for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
  };
};
