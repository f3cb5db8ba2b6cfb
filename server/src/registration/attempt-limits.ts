import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/database.ts';
import { TOO_MANY_MESSAGE } from '../http/per-address-limit.ts';
import { clientAddress } from '../http/request-guards.ts';

export type RegistrationLimits = {
  /** Sign-ups and credential checks (student links, merges) from one address per window. */
  signUps: number;
  /** Username checks and suggestions, invitation look-ups from one address per window. */
  lookups: number;
  windowMs: number;
};

/**
 * Generous for a family or a classroom behind one address, tight for a script: 20 sign-ups and
 * 300 look-ups in 15 minutes.
 */
export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = { signUps: 20, lookups: 300, windowMs: 15 * 60 * 1000 };

export type Bucket = 'signUps' | 'lookups';

const PRUNE_EVERY_MS = 60 * 1000;


export const createAttemptLimits = (db: Database, limits: RegistrationLimits) => {
  /**
   * Counts one attempt, or refuses it once the address has used its share. Count and insert run
   * without an await between them, so concurrent requests cannot both take the last attempt.
   */
  let prunedAt = 0;
  const take = (bucket: Bucket, address: string, now = Date.now()): boolean => {
    const since = now - limits.windowMs;
    // Attempts older than the window go once a minute, not on every request: deleting by time scans
    // the table, which at 500 look-ups a second holds hundreds of thousands of rows.
    if (now - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = now;
      db.prepare('DELETE FROM registration_attempts WHERE at <= ?').run(since);
    }
    const used = Number(
      db.prepare('SELECT count(*) AS n FROM registration_attempts WHERE bucket = ? AND address = ? AND at > ?').get(bucket, address, since)?.n,
    );
    if (used >= limits[bucket]) return false;
    db.prepare('INSERT INTO registration_attempts (bucket, address, at) VALUES (?, ?, ?)').run(bucket, address, now);
    return true;
  };

  /** A route guard: 429 with Retry-After once the caller's address is over the bucket's limit. */
  const limit =
    (bucket: Bucket): MiddlewareHandler =>
    async (c: Context, next) => {
      if (take(bucket, clientAddress(c))) return next();
      c.header('Retry-After', String(Math.ceil(limits.windowMs / 1000)));
      return c.json({ message: TOO_MANY_MESSAGE }, 429);
    };

  return { take, limit };
};

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
