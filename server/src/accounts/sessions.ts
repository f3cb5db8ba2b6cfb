import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/database.ts';
import { hashSecret, newSecret } from './secrets.ts';

export const SESSION_COOKIE = 'entry_session';
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Over https the cookie is `__Host-` prefixed (ASVS 5.0 V3.3.1): the browser then takes it only
 * with Secure, Path=/ and no Domain, so no sibling subdomain can plant or widen it. Plain http is
 * the local machine's default only (PUBLIC_ORIGIN unset), where browsers refuse the prefix.
 */
const cookieFor = (c: Context) =>
  // Routes mounted without the app's site context (a module's own tests) are plain http.
  c.get('site')?.secure ? { name: `__Host-${SESSION_COOKIE}`, secure: true } : { name: SESSION_COOKIE, secure: false };

/**
 * Starts a fresh session; the old one, if any, is ended first: the id rotates at every login.
 * `report` names the report a report code opened with this sign-in.
 */
export const startSession = (c: Context, db: Database, id_user: number, { report = null, now = Date.now() }: { report?: string | null; now?: number } = {}): void => {
  const cookie = cookieFor(c);
  const previous = getCookie(c, cookie.name);
  if (previous) db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashSecret(previous));
  const token = newSecret();
  db.prepare('INSERT INTO sessions (token_hash, id_user, created_at, expires_at, report) VALUES (?, ?, ?, ?, ?)').run(
    hashSecret(token),
    id_user,
    now,
    now + SESSION_TTL_MS,
    report,
  );
  setCookie(c, cookie.name, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookie.secure,
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
};

/**
 * What the request's cookie says (SPEC section 3): no session at all (the public user), a session
 * that ended (logged out elsewhere, expired, or its user gone: the client must log out), or a live one.
 */
export type SessionState = { state: 'none' } | { state: 'ended' } | { state: 'active'; id_user: number; report: string | null };

export const readSession = (c: Context, db: Database, now = Date.now()): SessionState => {
  const token = getCookie(c, cookieFor(c).name);
  if (!token) return { state: 'none' };
  const row = db.prepare('SELECT id_user, expires_at, report FROM sessions WHERE token_hash = ?').get(hashSecret(token));
  if (!row || Number(row.expires_at) <= now) return { state: 'ended' };
  return { state: 'active', id_user: Number(row.id_user), report: row.report === null ? null : String(row.report) };
};

/** The signed-in user's id, or null for no (or an ended, or expired) session. */
export const sessionUserId = (c: Context, db: Database, now = Date.now()): number | null => {
  const session = readSession(c, db, now);
  return session.state === 'active' ? session.id_user : null;
};

export const endSession = (c: Context, db: Database): void => {
  const cookie = cookieFor(c);
  const token = getCookie(c, cookie.name);
  if (token) db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashSecret(token));
  deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure });
};

/** After a password change no other session of the user may live on. */
export const endAllSessions = (db: Database, id_user: number): void => {
  db.prepare('DELETE FROM sessions WHERE id_user = ?').run(id_user);
};
