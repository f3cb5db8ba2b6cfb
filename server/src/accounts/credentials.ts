import type { Context } from 'hono';
import type { Database } from '../db/database.ts';
import { BAD_REQUEST, clientAddress } from '../http/request-guards.ts';
import type { Captcha } from './captcha.ts';
import { MESSAGES } from './messages.ts';
import { DUMMY_HASH_PROMISE, isPasswordTooLong, needsRehash, verifyPassword } from './passwords.ts';
import type { Throttle } from './throttle.ts';
import { findUserByIdentifier, setPassword, type UserRow } from './users.ts';

export type Refusal = { status: 400 | 429 | 503; message: string };
export type Checked = { user: UserRow } | Refusal;
export const refused = (status: Refusal['status'], message: string): Refusal => ({ status, message });

/** A non-empty string, or null. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The one way a username (or email) and password are checked, wherever an account proves itself:
 * the login, a password change, a tutor invitation accepted with the student's credentials.
 */
export const createCredentialCheck = ({ db, throttle, captcha }: { db: Database; throttle: Throttle; captcha: Captcha }) => {
  /**
   * The captcha's refusal of a try at `identifier`, or null when it passes (SPEC section 5 texts).
   * A try the captcha turns away still counts against its address: a script that never solves it
   * reaches the address limit, and its 429s are held (http/slow-refusals.ts).
   */
  const captchaRefusal = async (c: Context, body: Record<string, unknown> | null, identifier: string): Promise<Refusal | null> => {
    const address = clientAddress(c);
    const verdict = await captcha.verify(text(body?.captcha) ?? undefined, address);
    if (verdict === 'ok') return null;
    if (verdict === 'unavailable') return refused(503, MESSAGES.captchaUnavailable);
    throttle.recordFailure(identifier, address);
    return refused(400, `recaptcha ${verdict}`);
  };

  /**
   * Checks a username (or email) and password with the rules every credential check shares: the
   * address's rate limit, the identifier's captcha (a try without it counted too), the attempt counted before the hash is computed,
   * one hash whether or not the account exists, and an old hash upgraded once the password is known.
   */
  const checkCredentials = async (c: Context, body: Record<string, unknown> | null): Promise<Checked> => {
    const identifier = text(body?.username);
    const password = text(body?.password);
    if (!identifier || !password) return refused(400, MESSAGES.missing);
    if (isPasswordTooLong(password) || identifier.length > 320) return refused(400, BAD_REQUEST);
    const address = clientAddress(c);
    if (throttle.isAddressBlocked(address)) return refused(429, MESSAGES.tooMany);
    const captchaNeeded = throttle.requiresCaptcha(identifier);
    if (captchaNeeded) {
      const refusal = await captchaRefusal(c, body, identifier);
      if (refusal) return refusal;
    }
    const claim = throttle.claimCheck(identifier, address, { captchaPassed: captchaNeeded });
    if (claim === 'blocked') return refused(429, MESSAGES.tooMany);
    if (claim === 'captcha') return refused(400, 'recaptcha missing-input-response');
    const user = findUserByIdentifier(db, identifier);
    const matches = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !matches) return refused(400, MESSAGES.noMatch);
    throttle.recordSuccess(identifier);
    if (needsRehash(user.password_hash)) await setPassword(db, user.id_user, password);
    return { user };
  };

  return { checkCredentials, captchaRefusal };
};

export type CredentialCheck = ReturnType<typeof createCredentialCheck>;
