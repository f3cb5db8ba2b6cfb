import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Passwords longer than this are refused before hashing: hashing cost must not be the attacker's to choose. */
export const MAX_PASSWORD_BYTES = 1024;
export const MIN_PASSWORD_LENGTH = 8;

// scrypt, memory-hard: N=2^15, r=8 needs 32 MiB per hash (OWASP's recommended minimum for scrypt).
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export const isPasswordTooLong = (password: string): boolean => Buffer.byteLength(password) > MAX_PASSWORD_BYTES;

/** `scrypt$N$r$p$salt$key`, so the parameters can be raised later without breaking old hashes. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/**
 * A hash of nothing anyone knows. An unknown username is checked against it, so it costs the same
 * time as a wrong password and the answer's timing does not tell which accounts exist.
 */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(18).toString('base64url'));
