import { routeIds, routeTable, type RouteOwner } from '@entry/routes';

/** A page a static host can be handed ready-made, and who owns its route: a move of that remote's pointers writes it again. */
export type PrerenderedPage = { path: string; owner: RouteOwner };

/**
 * The in-app paths of the routes that exist without any parameter (optional ones left out), with their
 * owners: the pages a static host can be handed ready-made, since no request is needed to know what they show.
 */
export const prerenderedPages = (): PrerenderedPage[] => {
  const pages = new Map<string, RouteOwner>();
  for (const id of routeIds) {
    const { path, owner } = routeTable[id];
    if (!path.split('/').every((segment) => !segment.startsWith(':') || segment.endsWith('?'))) continue;
    const page = path.split('/').filter((segment) => !segment.startsWith(':')).join('/') || '/';
    if (!pages.has(page)) pages.set(page, owner);
  }
  return [...pages].map(([path, owner]) => ({ path, owner }));
};
