import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { BASE_PATH, indexedPagePaths } from '@entry/routes';

/** Where the services answer, and the addresses that can carry a secret: nothing for a crawler. */
const NOT_CRAWLED = ['/ms_accounts/', '/ms_email/', '/ms_exams/', '/event-gateway/', '/public/user/', '/app-metadata/', '/ofrep/', ...['reset', 'magic', 'report', 'assessments', 'unsubscribe'].map((word) => `${BASE_PATH}/${word}/`)];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The brand's icon as the build named it in its web manifest (the shell's build sets the brand); a node reading a store has no folder, and none. */
const brandIcon = (publicDir: string | null): ArrayBuffer | null => {
  if (publicDir === null) return null;
  try {
    const manifest = JSON.parse(readFileSync(join(publicDir, 'manifest.webmanifest'), 'utf8')) as { icons?: { src?: string }[] };
    const src = manifest.icons?.[0]?.src;
    return src?.startsWith(`${BASE_PATH}/`) ? new Uint8Array(readFileSync(join(publicDir, src.slice(BASE_PATH.length)))).buffer : null;
  } catch {
    return null;
  }
};

/**
 * What crawlers and browsers ask of the origin's root (issue 24): robots.txt naming the sitemap, the
 * sitemap of the route table's indexed pages, and /favicon.ico (the brand's icon). Addresses are
 * built on the configured public origin, never on the request's Host.
 */
export const searchFileRoutes = ({ publicOrigin, publicDir }: { publicOrigin: string; publicDir: string | null }) => {
  const routes = new Hono();
  const sitemapUrl = `${publicOrigin}${BASE_PATH}/sitemap.xml`;
  const robots = ['User-agent: *', ...NOT_CRAWLED.map((path) => `Disallow: ${path}`), `Allow: ${BASE_PATH}/`, '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...indexedPagePaths().map((path) => `  <url><loc>${escapeXml(`${publicOrigin}${BASE_PATH}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const icon = brandIcon(publicDir);

  routes.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robots);
  });
  routes.get(`${BASE_PATH}/sitemap.xml`, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
  routes.get('/favicon.ico', (c) => {
    if (!icon) return c.json({ message: 'Resource not found' }, 404);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(icon, 200, { 'Content-Type': 'image/png' });
  });
  return routes;
};
