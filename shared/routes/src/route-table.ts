import { generatePath } from './router.ts';

export { BASE_PATH } from './base-path.ts';

/** The independently deployed remotes, by their Module Federation name. */
export const REMOTE_NAMES = ['login', 'registration', 'taster', 'assessments'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RouteOwner = RemoteName | 'shell';

type RouteDefinition = { readonly path: string; readonly owner: RouteOwner };

/**
 * Every public route (SPEC section 2), relative to the /public base path. Each has exactly one
 * owner; the shell routes by this table and loads the owner's screen for the matched id.
 */
export const routeTable = {
  // SPEC section 2 has the login at /: the site's home instead, with a way in for each audience (ADR 022).
  home: { path: '/', owner: 'shell' },
  login: { path: '/login', owner: 'login' },
  forgotten: { path: '/forgotten/:email?', owner: 'login' },
  resetStaff: { path: '/reset/:token/staff', owner: 'login' },
  reset: { path: '/reset/:token/:magic_access_code?', owner: 'login' },
  magic: { path: '/magic/:access_code', owner: 'login' },
  report: { path: '/report/:access_code?', owner: 'login' },
  register: { path: '/register/:locale?', owner: 'registration' },
  registerParent: { path: '/register/parent/:locale?', owner: 'registration' },
  registerTutor: { path: '/register/tutor/:locale?', owner: 'registration' },
  invitation: { path: '/invitation', owner: 'registration' },
  tasterRoot: { path: '/taster/:school_exam_slug', owner: 'taster' },
  tasterSelection: { path: '/taster/:school_exam_slug/selection/:id_exam_group', owner: 'taster' },
  tasterTest: { path: '/taster/:school_exam_slug/test/:id_exam_config', owner: 'taster' },
  assessments: { path: '/assessments/:exam_slug/:access_code?', owner: 'assessments' },
  schoolLanding: { path: '/:school_exam_slug', owner: 'assessments' },
  demo: { path: '/demo', owner: 'shell' },
  unsubscribe: { path: '/unsubscribe/:type/:id_user', owner: 'shell' },
  browserSupport: { path: '/browser-support', owner: 'shell' },
  technicalRequirements: { path: '/technical-requirements', owner: 'shell' },
  // Not in SPEC section 2: the footer and the cookie banner link to them (issue 16).
  privacy: { path: '/privacy', owner: 'shell' },
  terms: { path: '/terms', owner: 'shell' },
  // Not in SPEC section 2: where the help icon leads, with the way to contact us (issue 24).
  help: { path: '/help', owner: 'shell' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteTable = typeof routeTable;
export type RouteId = keyof RouteTable;
export type RouteIdOwnedBy<O extends RouteOwner> = {
  [K in RouteId]: RouteTable[K]['owner'] extends O ? K : never;
}[RouteId];

export const routeIds = Object.keys(routeTable) as RouteId[];

export const routeIdsOwnedBy = <O extends RouteOwner>(owner: O): RouteIdOwnedBy<O>[] =>
  routeIds.filter((id): id is RouteIdOwnedBy<O> => routeTable[id].owner === owner);

type Params = Record<string, string | null | undefined>;

/** The in-app href of a route (without the /public base, which the router adds). */
export const getHref = (id: RouteId, params: Params = {}): string =>
  generatePath(routeTable[id].path, params as Record<string, string | null>);
