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

/** When the reset was asked for, as the site writes times (SPEC section 1: DD/MM/YYYY, 24-hour), in UTC. */
const REQUEST_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' });

export type ResetMail = { subject: string; body: string };

/**
 * The mail: from the brand, saying when the reset was asked for (the server's clock: nothing the
 * request claims about where it came from), what to do, and that a reset not asked for needs nothing.
 */
export const resetMail = ({ siteName, link, requestedAt }: { siteName: string; link: string; requestedAt: number }): ResetMail => ({
  subject: `Reset your ${siteName} password`,
  body: [
    `Someone asked to reset the password of your ${siteName} account on ${REQUEST_TIME.format(requestedAt).replace(', ', ' at ')} (UTC).`,
    `To choose a new password, open this link within an hour: ${link}`,
    'Didn’t ask? Ignore this email: your password stays as it is, and the link stops working in an hour.',
    `${siteName}`,
  ].join('\n\n'),
});

/**
 * Puts a reset link in the outbox for the account with this email, if there is one and it has had
 * fewer than 3 this hour. It runs after the answer is on its way, for every request alike, so the
 * answer's timing tells nothing about which emails have accounts. The link is built on the
 * configured public origin, never on what the request claimed to be (its Host).
 */
export const queueResetMail = (db: Database, email: string, { publicOrigin, siteName }: { publicOrigin: string; siteName: string }): void => {
  const requestedAt = Date.now();
  setImmediate(() => {
    const now = Date.now();
    const user = findUserByEmail(db, email);
    if (!user?.email || mailsInLastHour(db, user.id_user, now) >= RESET_MAILS_PER_HOUR) return;
    endResetLinks(db, user.id_user, now);
    const token = issueCode(db, { kind: 'reset', id_user: user.id_user, now });
    const link = `${publicOrigin}/public/reset/${token}${user.staff ? '/staff' : ''}`;
    const mail = resetMail({ siteName, link, requestedAt });
    db.prepare('INSERT INTO mail_outbox (recipient, subject, body, sent_at) VALUES (?, ?, ?, ?)').run(user.email, mail.subject, mail.body, now);
  });
};
