import { routeIds, routeTable } from '@entry/routes';

/**
 * The in-app paths of the routes that exist without any parameter (optional ones left out): the pages
 * a static host can be handed ready-made, since no request is needed to know what they show.
 */
export const prerenderedPaths = (): string[] => [
  ...new Set(
    routeIds
      .map((id) => routeTable[id].path)
      .filter((path) => path.split('/').every((segment) => !segment.startsWith(':') || segment.endsWith('?')))
      .map((path) => path.split('/').filter((segment) => !segment.startsWith(':')).join('/') || '/'),
  ),
];
