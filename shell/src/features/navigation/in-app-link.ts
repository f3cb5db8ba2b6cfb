import { BASE_PATH } from '@entry/routes';

/**
 * SPEC section 2: which clicked links the app should follow itself. Same-origin links do, except
 * links with a target, download links, hash links and links under /public (those are the router's
 * own, or a full load on purpose). Returns the in-app path, or null to let the browser go.
 */
export const inAppPath = (anchor: HTMLAnchorElement, origin: string): string | null => {
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#') || anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  if (url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** A hash beginning `#/` is an old-style in-app path: `/public/#/register` means `/register`. */
export const hashPath = (hash: string): string | null => (hash.startsWith('#/') ? hash.slice(1) : null);
