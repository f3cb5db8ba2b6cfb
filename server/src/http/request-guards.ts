import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export const BAD_REQUEST = 'Bad request: illegal arguments';
export const FORBIDDEN = "You don't have permission to do that";

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls must come from our own pages: with X-Requested-With (which a cross-site
 * form cannot send without a CORS preflight we never grant) and an Origin equal to ours.
 */
export const sameOriginOnly: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  const sameOrigin = origin !== undefined && URL.canParse(origin) && new URL(origin).origin === new URL(c.req.url).origin;
  if (!c.req.header('x-requested-with') || !sameOrigin) return c.json({ message: FORBIDDEN }, 403);
  return next();
};

/** The JSON object sent, or null for anything else (no body, malformed JSON, an array). */
export const readJsonObject = async (c: Context): Promise<Record<string, unknown> | null> => {
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
};

export const clientAddress = (c: Context): string => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests made in-process (app.request in unit tests) have no socket.
    return 'unknown';
  }
};

/** Paths that carry a secret in a segment, and the segment to hide when logging them. */
const SECRET_SEGMENTS = /(\/(?:reset-token|access_code|tutor-invite|tutor-invites|magic|reset|usernames)\/)[^/?]+/g;

/** A request line safe for logs: secrets in paths and every query string are hidden. */
export const redactPath = (path: string): string => path.split('?')[0]!.replace(SECRET_SEGMENTS, '$1[Filtered]');

/** Logs API calls (never bodies); the site's own files are left out. */
export const requestLog: MiddlewareHandler = async (c, next) => {
  if (c.req.path.startsWith('/public') && SAFE_METHODS.has(c.req.method)) return next();
  const started = performance.now();
  await next();
  const ms = Math.round(performance.now() - started);
  console.log(`${c.req.method} ${redactPath(c.req.path)} ${c.res.status} ${ms}ms`);
};
