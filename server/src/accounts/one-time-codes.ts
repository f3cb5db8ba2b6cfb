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

export const issueCode = (
  db: Database,
  { kind, id_user, id_school_customer = null, now = Date.now() }: { kind: Kind; id_user: number; id_school_customer?: number | null; now?: number },
): string => {
  const code = kind === 'reset' ? newSecret() : newAccessCode();
  db.prepare('INSERT INTO one_time_codes (code_hash, kind, id_user, id_school_customer, expires_at) VALUES (?, ?, ?, ?, ?)').run(
    hashSecret(code),
    kind,
    id_user,
    id_school_customer,
    now + (kind === 'reset' ? RESET_TOKEN_TTL_MS : ACCESS_CODE_TTL_MS),
  );
  return code;
};

type CodeRow = { id_user: number; id_school_customer: number | null; expires_at: number };

/** Looks a code up without using it. */
export const peekCode = (db: Database, kind: Kind, code: string, now = Date.now()): CodeRow | null => {
  const row = db
    .prepare('SELECT id_user, id_school_customer, expires_at FROM one_time_codes WHERE code_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?')
    .get(hashSecret(code), kind, now);
  return row ? { id_user: Number(row.id_user), id_school_customer: row.id_school_customer === null ? null : Number(row.id_school_customer), expires_at: Number(row.expires_at) } : null;
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
