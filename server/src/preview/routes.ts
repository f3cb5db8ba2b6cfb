import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { BASE_PATH, routeIdsOwnedBy, routeTable, type RemoteName } from '@entry/routes';
import { readPreview, type Preview } from '../../../release/src/preview-link.ts';
import type { DeployedSite } from '../ssr/deployed-site.ts';

/** Holds the preview token; the shell reads it too (it pins the same version when it renders alone). */
export const PREVIEW_COOKIE = 'entry_preview';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The first page the remote owns that needs no parameter (its optional ones left out), else the site's root. */
const firstPageOf = (remote: RemoteName): string => {
  const path = routeIdsOwnedBy(remote)
    .map((id) => routeTable[id].path.replace(/\/:\w+\?/g, ''))
    .find((candidate) => !candidate.includes(':'));
  return `${BASE_PATH}${path === '/' || !path ? '/' : path}`;
};

const published = (site: DeployedSite, { remote, version }: Preview) => site.stamp(`remotes/${remote}/${version}/mf-manifest.json`) !== null;

/** The preview this browser holds, checked again on every page: signed, not expired, still published. */
export const previewOf = (c: Context, { site, linkSecret }: { site: DeployedSite; linkSecret: string }): Preview | null => {
  const token = getCookie(c, PREVIEW_COOKIE);
  if (!token) return null;
  const preview = readPreview(linkSecret, token, nowSeconds());
  if (preview && published(site, preview)) return preview;
  deleteCookie(c, PREVIEW_COOKIE, { path: '/' });
  return null;
};

/**
 * Preview links (`npm run preview`): opening one pins this browser to that version of the remote, by a
 * cookie holding the signed token, until it expires or the visitor leaves; the redirect goes to a page
 * of ours, never to one the request names.
 */
export const previewRoutes = ({ site, linkSecret }: { site: DeployedSite; linkSecret: string }) => {
  const routes = new Hono();
  routes.get('/leave', (c) => {
    deleteCookie(c, PREVIEW_COOKIE, { path: '/' });
    return c.redirect(`${BASE_PATH}/`);
  });
  routes.get('/:token', (c) => {
    const token = c.req.param('token');
    const preview = readPreview(linkSecret, token, nowSeconds());
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (!preview || !published(site, preview)) {
      return c.text('This preview link is not valid, has expired, or names a version that is no longer published: ask for a new one.', 404);
    }
    setCookie(c, PREVIEW_COOKIE, token, { path: '/', sameSite: 'Lax', secure: c.get('site').secure, maxAge: preview.expires - nowSeconds() });
    return c.redirect(firstPageOf(preview.remote));
  });
  return routes;
};
