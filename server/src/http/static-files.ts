import { statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { BASE_PATH } from '@entry/routes';

/** What the deployed site holds besides pages: a name ending in one of these is a file, never a route. */
const ASSET_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.png', '.ico', '.woff2', '.txt', '.br', '.gz', '.webmanifest']);

/**
 * Hashed build output and a remote's version folder (content-addressed, never overwritten: ADR 014)
 * never change under their names; everything else (remotes.json, the shell's manifest, index.html) must
 * be revalidated.
 */
export const cacheControlFor = (relativePath: string): string =>
  /(^|\/)static\/|^remotes\/[^/]+\/[^/]+\//.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * A file's validator from what the disk says of the copy sent (size, time, inode, encoding), the same
 * for GET and HEAD and costing no read of the file. A release renames a new file into place, so a
 * rewrite of the same size in the same millisecond still gets a new inode.
 */
const etagOf = (root: string, relativePath: string, encoding: string | null): string | null => {
  const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
  try {
    const { size, mtimeMs, ino } = statSync(join(root, decodeURIComponent(relativePath)) + suffix);
    return `"${[size, Math.floor(mtimeMs), ino].map((value) => value.toString(36)).join('-')}${encoding ? `-${encoding}` : ''}"`;
  } catch {
    return null;
  }
};

/**
 * A path the app owns (a page): anything outside the asset folders that does not name an asset type.
 * Route params may hold dots (/forgotten/ada@example.com), so "has an extension" is not the test.
 */
export const isAppPath = (relativePath: string): boolean =>
  !/^(static|remotes)(\/|$)/.test(relativePath) && !ASSET_EXTENSIONS.has(extname(relativePath));

/** Whether a path below `root` names a file there. */
export const isFile = (root: string, relativePath: string): boolean => {
  const file = normalize(join(root, decodeURIComponent(relativePath)));
  if (!file.startsWith(root + sep)) return false;
  try {
    // Most paths asked here are pages, not files: no error is made for each (ENOENT costs a stack trace).
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
};


/**
 * The deployed site's files under /public: Hono's static handler picks the Brotli or gzip copy the
 * build made of each text file (issue 14) by the visitor's Accept-Encoding and answers byte ranges; each
 * copy has its ETag (GET and HEAD alike), and a repeated request gets a 304. Cache headers as the
 * deployment relies on.
 */
export const siteFiles = (root: string): MiddlewareHandler => {
  const files = serveStatic({ root, precompressed: true, rewriteRequestPath: (path) => path.slice(BASE_PATH.length) });
  return async (c, next) => {
    const response = await files(c, next);
    // Not a file of the site: the handlers after this one have answered.
    if (!(response instanceof Response)) return;
    const relativePath = c.req.path.slice(BASE_PATH.length + 1);
    const headers = { 'Cache-Control': cacheControlFor(relativePath), 'X-Content-Type-Options': 'nosniff' };
    const etag = response.ok ? etagOf(root, relativePath, response.headers.get('Content-Encoding')) : null;
    if (etag && c.req.header('If-None-Match')?.split(/\s*,\s*/).includes(etag)) {
      await response.body?.cancel();
      return new Response(null, { status: 304, headers: { ...headers, ETag: etag, Vary: response.headers.get('Vary') ?? 'Accept-Encoding' } });
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    if (etag) response.headers.set('ETag', etag);
    return response;
  };
};
