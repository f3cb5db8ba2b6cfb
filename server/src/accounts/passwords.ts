import { argon2, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';

/** Passwords longer than this are refused before hashing: hashing cost must not be the attacker's to choose. */
export const MAX_PASSWORD_BYTES = 1024;
export const MIN_PASSWORD_LENGTH = 8;

/**
 * argon2id with the OWASP Password Storage Cheat Sheet's first configuration: 19 MiB of memory,
 * 2 passes, 1 lane (RFC 9106's argon2id, ASVS 5.0 V11.4.2). Stored in the PHC string format, so
 * raising them later leaves old hashes readable, and they are upgraded at the next login.
 */
export const ARGON2_PARAMS = { memory: 19 * 1024, passes: 2, parallelism: 1 } as const;
const TAG_LENGTH = 32;
const SALT_BYTES = 16;

const deriveArgon2 = promisify(argon2);

const argon2id = (password: string, salt: Buffer, params: { memory: number; passes: number; parallelism: number }) =>
  deriveArgon2('argon2id', { message: password.normalize('NFKC'), nonce: salt, tagLength: TAG_LENGTH, ...params });

// The scheme before argon2id: verified so old accounts still log in, then rehashed (needsRehash).
const SCRYPT_MAXMEM = 64 * 1024 * 1024;
const deriveScrypt = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, { ...options, maxmem: SCRYPT_MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

export const isPasswordTooLong = (password: string): boolean => Buffer.byteLength(password) > MAX_PASSWORD_BYTES;

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (the PHC string format, unpadded base64). */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const key = await argon2id(password, salt, ARGON2_PARAMS);
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(key)}`;
};

const PHC_ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

const matches = (actual: Buffer, expected: Buffer) => actual.length === expected.length && timingSafeEqual(actual, expected);

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const phc = PHC_ARGON2ID.exec(stored);
  if (phc) {
    const [, memory, passes, parallelism, salt, key] = phc;
    const expected = Buffer.from(key!, 'base64');
    const params = { memory: Number(memory), passes: Number(passes), parallelism: Number(parallelism) };
    return matches(await argon2id(password, Buffer.from(salt!, 'base64'), params), expected);
  }
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const actual = await deriveScrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return matches(actual, Buffer.from(key, 'base64url'));
};

/** A stored hash of an older scheme or weaker parameters, to replace once the password is known. */
export const needsRehash = (stored: string): boolean => {
  const phc = PHC_ARGON2ID.exec(stored);
  if (!phc) return true;
  const [, memory, passes, parallelism] = phc.map(Number);
  return memory! < ARGON2_PARAMS.memory || passes! < ARGON2_PARAMS.passes || parallelism !== ARGON2_PARAMS.parallelism;
};

/**
 * A hash of nothing anyone knows. An unknown username is checked against it, so it costs the same
 * time as a wrong password and the answer's timing does not tell which accounts exist.
 */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(18).toString('base64url'));
