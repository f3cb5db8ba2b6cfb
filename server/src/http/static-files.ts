import { createReadStream, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Hashed build output never changes under its name; everything else must be revalidated. */
export const cacheControlFor = (relativePath: string): string =>
  /(^|\/)static\//.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * A path the SPA owns falls back to index.html: anything outside the asset folders that does not
 * name an asset type. Route params may hold dots (/forgotten/ada@example.com), so "has an
 * extension" is not the test.
 */
export const isAppPath = (relativePath: string): boolean =>
  !/^(static|remotes)(\/|$)/.test(relativePath) && !(extname(relativePath) in CONTENT_TYPES);

const headersFor = (file: string, relativePath: string, size: number) => ({
  'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
  'Content-Length': String(size),
  'Cache-Control': cacheControlFor(relativePath),
  'X-Content-Type-Options': 'nosniff',
});

/** Makes a page ready for one response (its CSP nonce, the site's runtime settings). */
export type PrepareHtml = (html: string) => string;

const fileResponse = (file: string, relativePath: string, size: number, method: string, prepareHtml: PrepareHtml): Response => {
  if (extname(file) === '.html') {
    // Small, and different per response: its scripts carry this response's CSP nonce.
    const html = Buffer.from(prepareHtml(readFileSync(file, 'utf8')));
    return new Response(method === 'HEAD' ? null : html, { headers: headersFor(file, relativePath, html.length) });
  }
  return new Response(method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream), {
    headers: headersFor(file, relativePath, size),
  });
};

/** Whether a path below `root` names a file there. */
export const isFile = (root: string, relativePath: string): boolean => {
  const file = normalize(join(root, decodeURIComponent(relativePath)));
  return file.startsWith(root + sep) && statFile(file) !== null;
};

const statFile = (file: string) => {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
};

/** Serves `root` for paths below the mount point, HTML made ready by `prepareHtml`; null when nothing there answers. */
export const serveFile = (root: string, relativePath: string, method: string, prepareHtml: PrepareHtml): Response | null => {
  const decoded = decodeURIComponent(relativePath);
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep)) return null;
  const stats = statFile(file);
  if (stats) return fileResponse(file, decoded, stats.size, method, prepareHtml);
  if (!isAppPath(decoded)) return null;
  const index = join(root, 'index.html');
  const indexStats = statFile(index);
  return indexStats ? fileResponse(index, 'index.html', indexStats.size, method, prepareHtml) : null;
};
