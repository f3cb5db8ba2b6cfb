import { Hono } from 'hono';
import { MISSING_TOKEN_MESSAGE } from '@entry/constants';
import { hashSecret, newSecret } from '../accounts/secrets.ts';
import type { Database } from '../db/database.ts';
import { createAttemptLimits, DEFAULT_REGISTRATION_LIMITS, type RegistrationLimits } from './attempt-limits.ts';

/** An invitation link stays good for two weeks and for any number of the tutor's students. */
export const TUTOR_INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export type TutorInvite = { id_tutor: number; tutorName: string; expires_at: number };

export const issueTutorInvite = (db: Database, id_tutor: number, now = Date.now()): { token: string; expires_at: number } => {
  const token = newSecret();
  const expires_at = now + TUTOR_INVITE_TTL_MS;
  db.prepare('INSERT INTO tutor_invites (token_hash, id_tutor, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hashSecret(token), id_tutor, now, expires_at);
  return { token, expires_at };
};

/** The live invitation behind a token, with the name the student will see; null when unknown or expired. */
export const findTutorInvite = (db: Database, token: string, now = Date.now()): TutorInvite | null => {
  const row = db
    .prepare(
      `SELECT i.id_tutor, i.expires_at, u.username, p.first_name, p.last_name
       FROM tutor_invites i JOIN users u ON u.id_user = i.id_tutor LEFT JOIN user_profiles p ON p.id_user = i.id_tutor
       WHERE i.token_hash = ? AND i.expires_at > ? AND u.base = 'tutor'`,
    )
    .get(hashSecret(token), now);
  if (!row) return null;
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return { id_tutor: Number(row.id_tutor), tutorName: name || String(row.username), expires_at: Number(row.expires_at) };
};

/**
 * The email service's part of invitations (mounted at /ms_email): GET /tutor-invite/{token}, the
 * page a student opens from a tutor's email. Look-ups count against the address's rate limit.
 */
export const emailRoutes = ({ db, limits }: { db: Database; limits?: Partial<RegistrationLimits> }) => {
  const routes = new Hono();
  const { limit } = createAttemptLimits(db, { ...DEFAULT_REGISTRATION_LIMITS, ...limits });

  routes.get('/tutor-invite/:token', limit('lookups'), (c) => {
    const token = c.req.param('token').trim();
    const invite = token ? findTutorInvite(db, token) : null;
    if (!invite) return c.json({ message: 'Resource not found' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json({ token, tutorName: invite.tutorName, expires_at: new Date(invite.expires_at).toISOString() });
  });
  routes.get('/tutor-invite', (c) => c.json({ message: MISSING_TOKEN_MESSAGE }, 400));
  routes.get('/tutor-invite/', (c) => c.json({ message: MISSING_TOKEN_MESSAGE }, 400));

  return routes;
};
