import type { Database } from '../db/database.ts';
import { endResetLinks, issueCode, RESET_TOKEN_TTL_MS } from './one-time-codes.ts';
import { findUserByEmail } from './users.ts';

/** OWASP Forgot Password Cheat Sheet: limit requests, per account and per address. */
export const RESET_MAILS_PER_HOUR = 3;
export const RESET_REQUESTS_PER_ADDRESS = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

/** Reset links live an hour, so the live ones (used or not) are the ones sent in the last hour. */
const mailsInLastHour = (db: Database, id_user: number, now: number): number =>
  Number(
    db.prepare("SELECT count(*) AS n FROM one_time_codes WHERE kind = 'reset' AND id_user = ? AND expires_at > ?").get(id_user, now + RESET_TOKEN_TTL_MS - 60 * 60 * 1000)?.n,
  );

/**
 * Puts a reset link in the outbox for the account with this email, if there is one and it has had
 * fewer than 3 this hour. It runs after the answer is on its way, for every request alike, so the
 * answer's timing tells nothing about which emails have accounts. The link is built on the
 * configured public origin, never on what the request claimed to be (its Host).
 */
export const queueResetMail = (db: Database, email: string, publicOrigin: string): void => {
  setImmediate(() => {
    const now = Date.now();
    const user = findUserByEmail(db, email);
    if (!user?.email || mailsInLastHour(db, user.id_user, now) >= RESET_MAILS_PER_HOUR) return;
    endResetLinks(db, user.id_user, now);
    const token = issueCode(db, { kind: 'reset', id_user: user.id_user, now });
    const link = `${publicOrigin}/public/reset/${token}${user.staff ? '/staff' : ''}`;
    db.prepare('INSERT INTO mail_outbox (recipient, subject, body, sent_at) VALUES (?, ?, ?, ?)').run(
      user.email,
      'Reset your password',
      `Use this link within an hour to choose a new password: ${link}`,
      now,
    );
  });
};
