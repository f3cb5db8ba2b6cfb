import type { Database } from '../db/database.ts';
import { hashSecret, newSecret } from './secrets.ts';

/** SPEC-adjacent security rules: reset links live 1 hour, access codes 10 minutes; both work once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const ACCESS_CODE_TTL_MS = 10 * 60 * 1000;

type Kind = 'reset' | 'access';

// Access codes are typed by people: 10 characters from an alphabet without look-alikes (~50 bits).
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newAccessCode = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
};

type Issue = {
  kind: Kind;
  id_user: number;
  id_school_customer?: number | null;
  /** For a report code: the report it opens, which the signed-in page names. */
  report?: string | null;
  now?: number;
};

export const issueCode = (db: Database, { kind, id_user, id_school_customer = null, report = null, now = Date.now() }: Issue): string => {
  const code = kind === 'reset' ? newSecret() : newAccessCode();
  db.prepare('INSERT INTO one_time_codes (code_hash, kind, id_user, id_school_customer, expires_at, report) VALUES (?, ?, ?, ?, ?, ?)').run(
    hashSecret(code),
    kind,
    id_user,
    id_school_customer,
    now + (kind === 'reset' ? RESET_TOKEN_TTL_MS : ACCESS_CODE_TTL_MS),
    report,
  );
  return code;
};

type CodeRow = { id_user: number; id_school_customer: number | null; expires_at: number; report: string | null };

/** Looks a code up without using it. */
export const peekCode = (db: Database, kind: Kind, code: string, now = Date.now()): CodeRow | null => {
  const row = db
    .prepare('SELECT id_user, id_school_customer, expires_at, report FROM one_time_codes WHERE code_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?')
    .get(hashSecret(code), kind, now);
  if (!row) return null;
  return {
    id_user: Number(row.id_user),
    id_school_customer: row.id_school_customer === null ? null : Number(row.id_school_customer),
    expires_at: Number(row.expires_at),
    report: row.report === null ? null : String(row.report),
  };
};

/**
 * Uses a code up. The single UPDATE is the check: of two requests racing with the same code, only
 * one changes the row, so only one gets the user.
 */
export const consumeCode = (db: Database, kind: Kind, code: string, now = Date.now()): CodeRow | null => {
  const row = peekCode(db, kind, code, now);
  if (!row) return null;
  const result = db
    .prepare('UPDATE one_time_codes SET used_at = ? WHERE code_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?')
    .run(now, hashSecret(code), kind, now);
  return result.changes === 1 ? row : null;
};

/**
 * Ends every reset link of a user still open (OWASP Forgot Password Cheat Sheet): a newer link
 * replaces the older ones, and a password changed by one link leaves none of the others working.
 * They stay in the table, marked used, so the hourly mail limit still counts them.
 */
export const endResetLinks = (db: Database, id_user: number, now = Date.now()): void => {
  db.prepare("UPDATE one_time_codes SET used_at = ? WHERE kind = 'reset' AND id_user = ? AND used_at IS NULL").run(now, id_user);
};
