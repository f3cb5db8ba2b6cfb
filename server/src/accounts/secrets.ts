import { createHash, randomBytes } from 'node:crypto';

/** A new secret with 32 random bytes (256 bits), URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** How a secret is stored and looked up: a database copy does not hold usable secrets. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
