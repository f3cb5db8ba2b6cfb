import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

/** A new secret with 32 random bytes (256 bits), URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** How a secret is stored and looked up: a database copy does not hold usable secrets. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * A server secret kept in the database, made once: what signs links in mails when no secret is
 * configured, so links sent before a restart still work. Production configures its own
 * (LINK_SECRET), which a copy of the database does not hold.
 */
export const storedSecret = (db: Database, name: string): string => {
  db.prepare('INSERT INTO server_secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(name, newSecret());
  return String(db.prepare('SELECT secret FROM server_secrets WHERE name = ?').get(name)?.secret);
};
