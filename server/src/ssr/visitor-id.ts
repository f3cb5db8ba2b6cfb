import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/**
 * The visitor's canary bucket id (release/ ADR 007): the server picks the versions a page is composed
 * with by it, and the shell, reading the same cookie, picks the same ones in the browser. Not a
 * secret and not a session: readable by the page, kept a year.
 */
export const VISITOR_COOKIE = 'entry_visitor';
const VISITOR_ID = /^[\w-]{8,64}$/;

export const visitorIdOf = (c: Context): string => {
  const known = getCookie(c, VISITOR_COOKIE);
  if (known && VISITOR_ID.test(known)) return known;
  const id = randomUUID();
  setCookie(c, VISITOR_COOKIE, id, { path: '/', sameSite: 'Lax', secure: c.get('site').secure, maxAge: 365 * 24 * 60 * 60 });
  return id;
};
