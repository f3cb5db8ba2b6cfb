/**
 * Canary bucketing. Each visitor gets a random id kept in local storage; a remote's canary serves the
 * visitors whose bucket (0-99, from the id and the remote's name) is below its percentage. The same
 * visitor lands in the same bucket on every visit, and remotes bucket independently of each other.
 */
const VISITOR_KEY = 'entry.visitor-id';

/** FNV-1a: a small, even spread of short strings over 32 bits. */
const hash = (text: string): number => {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
};

export const bucketOf = (visitorId: string, remote: string): number => hash(`${visitorId}:${remote}`) % 100;

export const isCanaryVisitor = (visitorId: string, remote: string, percentage: number): boolean =>
  bucketOf(visitorId, remote) < percentage;

/** The cookie the server composes pages by (server/src/ssr/visitor-id.ts): both sides bucket the same id. */
const VISITOR_COOKIE = 'entry_visitor';
const VISITOR_ID = /^[\w-]{8,64}$/;
const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The cookie jar as the page sees it, so that tests can stand in for it. */
export type CookieJar = { read: () => string; write: (cookie: string) => void };

const pageCookies: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => void (document.cookie = cookie),
};

/**
 * The visitor's id: the server's cookie, else the one this browser kept before cookies carried it,
 * else a new one; whichever it is goes back into the cookie, so the server composes the next page
 * with the same versions. A fresh one each page when storage is unavailable (private modes, blocked storage).
 */
export const visitorIdFrom = (storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, create: () => string, cookies: CookieJar = pageCookies): string => {
  const fromCookie = cookies
    .read()
    .split('; ')
    .find((pair) => pair.startsWith(`${VISITOR_COOKIE}=`))
    ?.slice(VISITOR_COOKIE.length + 1);
  let id = fromCookie && VISITOR_ID.test(fromCookie) ? fromCookie : null;
  try {
    id ??= storage?.getItem(VISITOR_KEY) ?? null;
    id ??= create();
    storage?.setItem(VISITOR_KEY, id);
  } catch {
    id ??= create();
  }
  if (id !== fromCookie) cookies.write(`${VISITOR_COOKIE}=${id}; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`);
  return id;
};
