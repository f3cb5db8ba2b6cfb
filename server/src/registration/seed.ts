import { hashSecret } from '../accounts/secrets.ts';
import type { Database } from '../db/database.ts';
import { TUTOR_INVITE_TTL_MS } from './tutor-invites.ts';

/** A demo invitation from the demo tutor: /public/invitation?token=demo-tutor-invite. Public, so demo only. */
export const DEMO_TUTOR_INVITE_TOKEN = 'demo-tutor-invite';
const DEMO_TUTOR_EMAIL = 'tutor@example.com';

/** The names the demo accounts (seeded by accounts/seed.ts) go by, as a sign-up would have kept them. */
const DEMO_NAMES = [
  ['demo-parent', 'Alex', 'Morgan'],
  ['demo-teacher', 'Daniel', 'Hughes'],
  ['demo-student', 'Maya', 'Patel'],
  ['demo-applicant', 'Leo', 'Chen'],
] as const;

/**
 * Gives the demo accounts their names, and the demo tutor a name and a fresh two-week demo invitation.
 * Run after the demo accounts are seeded; does nothing when there is no demo tutor.
 */
export const seedDemoInvite = (db: Database, now = Date.now()): string | null => {
  const tutor = db.prepare("SELECT id_user FROM users WHERE email = ? AND base = 'tutor'").get(DEMO_TUTOR_EMAIL);
  if (!tutor) return null;
  const id_tutor = Number(tutor.id_user);
  const name = db.prepare(
    "INSERT INTO user_profiles (id_user, first_name, last_name, country) SELECT id_user, ?, ?, 'GB' FROM users WHERE username = ? ON CONFLICT DO NOTHING",
  );
  for (const [username, first, last] of DEMO_NAMES) name.run(first, last, username);
  db.prepare("INSERT INTO user_profiles (id_user, first_name, last_name, country) VALUES (?, 'Demo', 'Tutor', 'GB') ON CONFLICT DO NOTHING").run(id_tutor);
  db.prepare(
    `INSERT INTO tutor_invites (token_hash, id_tutor, created_at, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (token_hash) DO UPDATE SET id_tutor = excluded.id_tutor, expires_at = excluded.expires_at`,
  ).run(hashSecret(DEMO_TUTOR_INVITE_TOKEN), id_tutor, now, now + TUTOR_INVITE_TTL_MS);
  return DEMO_TUTOR_INVITE_TOKEN;
};
