import { matchRoutes } from 'react-router';
import { routeIds, routeTable, type RouteId } from './route-table.ts';

/**
 * The route params that are secrets: reset tokens, magic and report codes, assessment access codes.
 * Whoever holds one can act as its owner, so it must never reach a third party (analytics page
 * views, Referer headers, error reports) through the address bar.
 */
const SECRET_PARAMS: Partial<Record<RouteId, readonly string[]>> = {
  resetStaff: ['token'],
  reset: ['token', 'magic_access_code'],
  magic: ['access_code'],
  report: ['access_code'],
  assessments: ['access_code'],
};

/** Query parameters that are secrets on their route: a tutor's invitation token, as the page or as sign-up's code. */
const SECRET_QUERY: Partial<Record<RouteId, readonly string[]>> = {
  invitation: ['token'],
  registerParent: ['code'],
};

/**
 * What stands in the address for a secret that a route's path cannot do without
 * (`/reset/-/staff`, `/magic/-`): the screen keeps the secret itself (useAddressSecrets).
 */
export const HIDDEN_SECRET = '-';

export type AddressSecrets = {
  routeId: RouteId;
  /** The secrets by param name (path params and query alike). */
  secrets: Record<string, string>;
  /** The same address with every secret taken out: in-app path and query. */
  cleanPath: string;
};

const ROUTES = routeIds.map((id) => ({ id, path: routeTable[id].path }));

const isSecretValue = (value: string | null | undefined): value is string => Boolean(value) && value !== HIDDEN_SECRET;

/**
 * The first segment of every route that can carry a secret (`reset`, `magic`, ...): a path holding
 * none of them, decoded and in any case, matches no such route. The server checks every logged
 * request's path, and a flood of them must not pay for a full route match each (issue 13); null
 * (always match) if a secret route ever begins with a param.
 */
const SECRET_ROUTE_WORDS = ((): string[] | null => {
  const words = [...new Set([...Object.keys(SECRET_PARAMS), ...Object.keys(SECRET_QUERY)].map((id) => routeTable[id as RouteId].path.split('/')[1] ?? ''))];
  return words.every((word) => word !== '' && !word.startsWith(':')) ? words.map((word) => word.toLowerCase()) : null;
})();

const mayCarrySecret = (path: string): boolean => {
  if (!SECRET_ROUTE_WORDS) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // The router matches what it can of a malformed path: so does the full match.
    return true;
  }
  const text = decoded.toLowerCase();
  return SECRET_ROUTE_WORDS.some((word) => text.includes(word));
};

/**
 * The secrets an in-app address (the path below /public, and its query) carries, with the address
 * to show instead; null when it carries none.
 */
export const findAddressSecrets = (path: string, search = ''): AddressSecrets | null => {
  if (!mayCarrySecret(path)) return null;
  const match = matchRoutes(ROUTES, path)?.at(-1);
  if (!match) return null;
  const routeId = match.route.id as RouteId;
  const pathSecrets = (SECRET_PARAMS[routeId] ?? []).filter((name) => isSecretValue(match.params[name]));
  const query = new URLSearchParams(search);
  const querySecrets = (SECRET_QUERY[routeId] ?? []).filter((name) => isSecretValue(query.get(name)));
  if (pathSecrets.length === 0 && querySecrets.length === 0) return null;

  const secrets: Record<string, string> = {};
  for (const name of pathSecrets) secrets[name] = match.params[name] as string;
  for (const name of querySecrets) secrets[name] = query.get(name) as string;
  for (const name of querySecrets) query.delete(name);
  // Optional params are left out; a required one keeps its place with the stand-in.
  const cleanPathname = routeTable[routeId].path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      if (!pathSecrets.includes(name)) return match.params[name] ?? (optional ? null : '');
      return optional ? null : HIDDEN_SECRET;
    })
    .filter((segment): segment is string => segment !== null)
    .join('/');
  const rest = query.toString();
  return { routeId, secrets, cleanPath: `${cleanPathname}${rest ? `?${rest}` : ''}` };
};

/** Whether an in-app address carries a secret: no third-party script may load while it does. */
export const addressCarriesSecret = (path: string, search = ''): boolean => findAddressSecrets(path, search) !== null;

/** Paths matched lately, and their routes: matching flattens and ranks the whole route table every time. */
const matchedRoutes = new Map<string, RouteId | undefined>();
/** Enough for every page of the site and then some; past it (addresses a stranger made up) the list starts again. */
const MATCHES_KEPT = 1000;

/** The route an in-app path (below /public) opens; undefined for the not-found screen. */
export const routeIdOf = (path: string): RouteId | undefined => {
  if (matchedRoutes.has(path)) return matchedRoutes.get(path);
  const id = matchRoutes(ROUTES, path)?.at(-1)?.route.id as RouteId | undefined;
  if (matchedRoutes.size >= MATCHES_KEPT) matchedRoutes.clear();
  matchedRoutes.set(path, id);
  return id;
};

/**
 * The route of an in-app path if that route can carry a secret in its address at all, with or
 * without one now (its pages get Referrer-Policy: no-referrer); undefined otherwise.
 */
export const secretRouteOf = (path: string): RouteId | undefined => {
  const id = routeIdOf(path);
  return id !== undefined && (id in SECRET_PARAMS || id in SECRET_QUERY) ? id : undefined;
};
