import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/database.ts';
import { hashSecret, newSecret } from './secrets.ts';

export const SESSION_COOKIE = 'entry_session';
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const isLocalhost = (c: Context) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(c.req.header('host') ?? '');

/** Starts a fresh session; the old one, if any, is ended first: the id rotates at every login. */
export const startSession = (c: Context, db: Database, id_user: number, now = Date.now()): void => {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashSecret(previous));
  const token = newSecret();
  db.prepare('INSERT INTO sessions (token_hash, id_user, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    hashSecret(token),
    id_user,
    now,
    now + SESSION_TTL_MS,
  );
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    // Plain http only for local development and tests; everywhere else the cookie needs TLS.
    secure: !isLocalhost(c),
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
};

/** The signed-in user's id, or null for no (or an ended, or expired) session. */
export const sessionUserId = (c: Context, db: Database, now = Date.now()): number | null => {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  const row = db.prepare('SELECT id_user, expires_at FROM sessions WHERE token_hash = ?').get(hashSecret(token));
  if (!row || Number(row.expires_at) <= now) return null;
  return Number(row.id_user);
};

export const endSession = (c: Context, db: Database): void => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashSecret(token));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
};

/** After a password change no other session of the user may live on. */
export const endAllSessions = (db: Database, id_user: number): void => {
  db.prepare('DELETE FROM sessions WHERE id_user = ?').run(id_user);
};
