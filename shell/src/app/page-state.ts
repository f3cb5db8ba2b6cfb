import type { RawSessionUser } from '@entry/auth';
import type { DehydratedState } from '@entry/query';
import type { Site } from '@entry/routes';
import type { KnownConsent } from '../features/consent/consent-store.ts';
import type { RemoteRegistry } from '../features/remotes/remote-registry.ts';

/**
 * What the route's loaders answered on the server, so the browser's router starts from it; `errors` are
 * the router's error answers by route (a malformed link's 400, a missing page's 404), as JSON.
 */
export type RouterState = { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null; errors?: Record<string, unknown> | null };

/**
 * What the server rendered a page with, handed to the browser in the page so that it hydrates the
 * same tree: the versions this visitor runs, who is signed in, the site, the data and the router's.
 */
export type PageState = {
  remotes: RemoteRegistry;
  user: RawSessionUser | null;
  /** The page came with a session cookie that no longer opens a session: the browser logs out (SPEC section 6). */
  sessionEnded: boolean;
  /** Rendered ahead by the release tooling for a static host: it knows no visitor, so the browser asks who is signed in. */
  prerendered: boolean;
  site: Site;
  /** The visitor's consent as the server read it; null on a page rendered ahead, which knows no visitor. */
  consent: KnownConsent | null;
  /** The visitor's country as the edge told the server (ISO 3166-1 alpha-2); null when unknown or on a page rendered ahead. */
  visitorCountry: string | null;
  queries: DehydratedState;
  router: RouterState;
};

export const PAGE_STATE_ID = 'entry-page-state';

/**
 * As the text of a `<script type="application/json">`: JSON with every `<` escaped, so no value
 * (a name, a school) can close the element or open another.
 */
export const serializePageState = (state: PageState): string =>
  JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The state the server left in this page, or null for a page the browser renders alone. */
export const readPageState = (): PageState | null => {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
};
