import { BASE_PATH } from './base-path.ts';
import { routeIds, routeTable } from './route-table.ts';

/** A route's path as a regular expression's part: `:name` one segment, `:name?` one segment or none. */
const patternOf = (path: string): string =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`))
    .join('');

/**
 * Every address of the route table as one regular expression (the same in JavaScript and in nginx's
 * PCRE): what a static host answers with the app's page, anything else being a missing page it answers
 * 404 (issue 24). A route with parameters matches whatever they are: whether that school or test
 * exists is for the page to find out.
 */
export const appPathPattern = (): string => {
  const paths = [...new Set(routeIds.map((id) => patternOf(routeTable[id].path)))].filter(Boolean);
  return `^${BASE_PATH}(?:${paths.join('|')})?/?$`;
};
