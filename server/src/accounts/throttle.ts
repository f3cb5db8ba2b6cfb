import type { Database } from '../db/database.ts';
import { emailKey } from './users.ts';

export type ThrottleLimits = {
  /** Failures for one identifier in the window after which the captcha is required. */
  captchaAfter: number;
  /** Failures from one address in the window after which logins are refused with 429. */
  addressLimit: number;
  windowMs: number;
};

export const DEFAULT_LIMITS: ThrottleLimits = { captchaAfter: 5, addressLimit: 30, windowMs: 15 * 60 * 1000 };

/**
 * An identifier is counted under the key that finds its account: an email's NFKC, case-folded key
 * (users.ts emailKey), so full-width or other look-alike spellings of one email share one count.
 */
export const normaliseIdentifier = (identifier: string): string => emailKey(identifier);

/** How often failures older than the window are deleted: the table holds one window's worth, not every try ever made. */
const PRUNE_EVERY_MS = 60 * 1000;

export const createThrottle = (db: Database, limits: ThrottleLimits) => {
  const since = (now: number) => now - limits.windowMs;
  let prunedAt = 0;
  const insertFailure = (identifier: string, address: string, now: number) => {
    if (now - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = now;
      db.prepare('DELETE FROM login_failures WHERE at <= ?').run(since(now));
    }
    db.prepare('INSERT INTO login_failures (identifier, address, at) VALUES (?, ?, ?)').run(normaliseIdentifier(identifier), address, now);
  };
  const count = (sql: string, value: string, now: number) => Number(db.prepare(sql).get(value, since(now))?.n);

  return {
    /** Known or not, an identifier with recent failures needs the captcha: the answer reveals no account. */
    requiresCaptcha: (identifier: string, now = Date.now()) =>
      count(
        'SELECT count(*) AS n FROM login_failures WHERE identifier = ? AND at > ?',
        normaliseIdentifier(identifier),
        now,
      ) >= limits.captchaAfter,
    /**
     * Whether a try from this address needs the captcha: an identifier tried from here has reached
     * the limit. GET /auth/require-captcha names no username (SPEC section 7), so the address stands
     * for who asks; one visitor's failures behind a shared address ask their neighbours for a tickbox too.
     */
    requiresCaptchaFrom: (address: string, now = Date.now()) =>
      db
        .prepare(
          `SELECT 1 FROM login_failures tried WHERE tried.address = ? AND tried.at > ?
             AND (SELECT count(*) FROM login_failures other WHERE other.identifier = tried.identifier AND other.at > ?) >= ? LIMIT 1`,
        )
        .get(address, since(now), since(now), limits.captchaAfter) !== undefined,
    isAddressBlocked: (address: string, now = Date.now()) =>
      count('SELECT count(*) AS n FROM login_failures WHERE address = ? AND at > ?', address, now) >= limits.addressLimit,
    recordFailure: (identifier: string, address: string, now = Date.now()) => insertFailure(identifier, address, now),
    /**
     * Takes one password check before any hashing starts (OWASP Authentication Cheat Sheet: count
     * attempts, not answers). It is recorded as a failure at once and cleared by recordSuccess, and
     * the counts and the insert run without an await between them: of 20 simultaneous tries at one
     * account only `captchaAfter` get a check, of 110 from one address only `addressLimit`.
     * A captcha already verified lifts the identifier's limit, never the address's.
     */
    claimCheck: (identifier: string, address: string, { captchaPassed }: { captchaPassed: boolean }, now = Date.now()): 'checked' | 'blocked' | 'captcha' => {
      if (count('SELECT count(*) AS n FROM login_failures WHERE address = ? AND at > ?', address, now) >= limits.addressLimit) return 'blocked';
      const failures = count('SELECT count(*) AS n FROM login_failures WHERE identifier = ? AND at > ?', normaliseIdentifier(identifier), now);
      if (!captchaPassed && failures >= limits.captchaAfter) return 'captcha';
      insertFailure(identifier, address, now);
      return 'checked';
    },
    /** A success clears the identifier's failures: the captcha goes away for the rightful owner. */
    recordSuccess: (identifier: string) => {
      db.prepare('DELETE FROM login_failures WHERE identifier = ?').run(normaliseIdentifier(identifier));
    },
  };
};

export type Throttle = ReturnType<typeof createThrottle>;
