import type { Context, MiddlewareHandler } from 'hono';
import { BASE_PATH, findAddressSecrets } from '@entry/routes';

export const BAD_REQUEST = 'Bad request: illegal arguments';
export const FORBIDDEN = "You don't have permission to do that";
export const UNSUPPORTED_MEDIA_TYPE = 'Only application/json bodies are accepted';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls must come from our own pages: with X-Requested-With (which a cross-site
 * form cannot send without a CORS preflight we never grant) and an Origin the configuration
 * allows (never one the request's own Host would make look right). Needs siteContext before it.
 */
export const sameOriginOnly: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  if (!c.req.header('x-requested-with') || origin === undefined || !c.get('site').allowedOrigins.has(origin)) {
    return c.json({ message: FORBIDDEN }, 403);
  }
  return next();
};

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** A body is coming: a length over 0, a chunked one, or (no length said) a stream to read. */
const hasBody = (c: Context) => {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  return c.req.header('transfer-encoding') !== undefined || c.req.raw.body !== null;
};

/**
 * JSON endpoints read JSON only (ASVS 5.0 V4.1.1): a body of any other type is refused with 415
 * before anything parses it. `except` names the paths that take another type on purpose.
 */
export const jsonBodiesOnly =
  (except: (path: string) => boolean = () => false): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !hasBody(c) || except(c.req.path)) return next();
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return c.json({ message: UNSUPPORTED_MEDIA_TYPE }, 415);
    return next();
  };

/**
 * A path whose percent-encoding does not decode (`/public/%E0%A4%A`) is a bad request, answered
 * before any route tries to decode it and fails with a 500.
 */
export const wellFormedPaths: MiddlewareHandler = async (c, next) => {
  const raw = new URL(c.req.url).pathname;
  try {
    decodeURIComponent(raw);
  } catch {
    return c.json({ message: BAD_REQUEST }, 400);
  }
  return next();
};

/** The JSON object sent, or null for anything else (no body, malformed JSON, an array). */
export const readJsonObject = async (c: Context): Promise<Record<string, unknown> | null> => {
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
};

/** The visitor's address as siteContext found it (a trusted proxy's X-Forwarded-For, or the socket). */
export const clientAddress = (c: Context): string => c.get('clientAddress') ?? 'unknown';

/** Paths that carry a secret in a segment, and the segment to hide when logging them. */
const SECRET_SEGMENTS = /(\/(?:reset-token|access_code|tutor-invite|tutor-invites|magic|reset|usernames)\/)[^/?]+/g;

/** C0 and C1 controls and DEL: a path holding them could forge or hide lines in the log. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Control characters as \xNN, so what a request sent cannot act on the terminal or the log's lines. */
export const escapeControlCharacters = (text: string): string =>
  text.replace(CONTROL_CHARACTERS, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** A page's path with the secrets its route carries (reset token, magic, report or assessment code) taken out. */
const withoutRouteSecrets = (path: string): string => {
  if (path !== BASE_PATH && !path.startsWith(`${BASE_PATH}/`)) return path;
  const found = findAddressSecrets(path.slice(BASE_PATH.length) || '/');
  return found ? `${BASE_PATH}${found.cleanPath}` : path;
};

/** A request line safe for logs: secrets in paths and every query string are hidden, controls escaped. */
export const redactPath = (path: string): string =>
  escapeControlCharacters(withoutRouteSecrets(path.split('?')[0]!).replace(SECRET_SEGMENTS, '$1[Filtered]'));

/** Logs API calls (never bodies); the site's own files are left out. */
export const requestLog: MiddlewareHandler = async (c, next) => {
  if (c.req.path.startsWith('/public') && SAFE_METHODS.has(c.req.method)) return next();
  const started = performance.now();
  await next();
  const ms = Math.round(performance.now() - started);
  console.log(`${c.req.method} ${redactPath(c.req.path)} ${c.res.status} ${ms}ms`);
};
