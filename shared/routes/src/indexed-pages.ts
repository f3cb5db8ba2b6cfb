import { routeIds, routeTable, type RouteId } from './route-table.ts';

/**
 * Routes that are one visitor's own, never a search result: an address that carries a secret in its
 * path (address-secrets.ts), a link from a mail, a test under way.
 */
const NOT_INDEXED: ReadonlySet<string> = new Set<RouteId>([
  'resetStaff',
  'reset',
  'magic',
  'report',
  'assessments',
  'unsubscribe',
  'tasterSelection',
  'tasterTest',
  'forgotten',
  'invitation',
]);

/** Whether search engines may list a route's page (the not-found screen's is no route of the table). */
export const isIndexedPage = (routeId: string): boolean => routeId in routeTable && !NOT_INDEXED.has(routeId);

/**
 * The in-app paths of the sitemap: every indexed route of the route table that needs no parameter
 * (optional ones left out: `/register` for `/register/:locale?`).
 */
export const indexedPagePaths = (): string[] =>
  routeIds.flatMap((id) => {
    const segments = routeTable[id].path.split('/');
    if (segments.some((segment) => segment.startsWith(':') && !segment.endsWith('?'))) return [];
    const path = segments.filter((segment) => !segment.startsWith(':')).join('/') || '/';
    return isIndexedPage(id) ? [path] : [];
  });
