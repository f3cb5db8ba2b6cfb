/**
 * The visitor's canary bucket id. Each visitor gets a random id kept in a cookie (and local storage);
 * the bucket it falls in (`bucketOf`, shared with the server) picks canary or live for each remote.
 */
const VISITOR_KEY = 'entry.visitor-id';

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
