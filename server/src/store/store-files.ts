import { extname } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { BASE_PATH } from '@entry/routes';
import { cacheControlFor } from '../http/static-files.ts';
import { isSitePath, type SiteSource } from './site-source.ts';

/** Files the build keeps a Brotli copy of (`<file>.br`), as the deploy folder's static handler sends them. */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);
const PASSED_ON = ['Content-Length', 'ETag', 'Last-Modified'];

/**
 * The site's files under /public, from the store the node reads the site from (its cache holds
 * only what composing needs). In production the CDN sends these paths to the store itself and the node
 * never sees them; without one the node passes the store's answer on: the Brotli copy when the visitor
 * takes it, the store's ETag, and a 304 when the visitor's copy is current. The key is the request's
 * path below /public, checked to stay inside the site's prefix; nothing else of the request is sent on.
 */
export const storeFiles = (source: SiteSource): MiddlewareHandler => async (c, next) => {
  const relativePath = c.req.path.slice(BASE_PATH.length + 1);
  let path: string;
  try {
    path = decodeURIComponent(relativePath);
  } catch {
    return next();
  }
  if (!isSitePath(path)) return next();
  const method = c.req.method === 'HEAD' ? 'HEAD' : 'GET';
  const ifNoneMatch = c.req.header('If-None-Match');
  const conditional = ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : undefined;
  const compressible = COMPRESSED.has(extname(relativePath));
  const brotli = compressible && /\bbr\b/.test(c.req.header('Accept-Encoding') ?? '');
  let encoded = brotli;
  let response = brotli ? await source.send(method, `${path}.br`, conditional) : null;
  if (!response || response.status === 404) {
    await response?.body?.cancel();
    encoded = false;
    response = await source.send(method, path, conditional);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return next();
  }
  const headers = new Headers({ 'Cache-Control': cacheControlFor(relativePath), 'X-Content-Type-Options': 'nosniff' });
  if (compressible) headers.set('Vary', 'Accept-Encoding');
  if (encoded) headers.set('Content-Encoding', 'br');
  // The Brotli copy's type is its file's, whatever the store was told.
  headers.set('Content-Type', getMimeType(relativePath) ?? response.headers.get('Content-Type') ?? 'application/octet-stream');
  for (const name of PASSED_ON) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (response.status === 304) return new Response(null, { status: 304, headers });
  if (!response.ok) {
    await response.body?.cancel();
    return c.json({ message: 'The site store did not answer' }, 502);
  }
  return new Response(method === 'HEAD' ? null : response.body, { status: 200, headers });
};
