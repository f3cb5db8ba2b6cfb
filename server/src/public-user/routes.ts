import { Hono } from 'hono';
import { isOneOf, MAIL_TYPES } from '@entry/constants';
import { passwordRefusal, type PolicyRefusal } from '../accounts/password-policy.ts';
import type { Database } from '../db/database.ts';
import { perAddressLimit } from '../http/per-address-limit.ts';
import { BAD_REQUEST, FORBIDDEN, readJsonObject } from '../http/request-guards.ts';
import type { StrengthPool } from './strength-pool.ts';
import { isUnsubscribeSignature } from './unsubscribe-links.ts';

const BUSY = 'The password check is busy just now. Please try again in a moment.';

/**
 * A person typing asks once per pause (about 2 a second at most); 30 in 10 seconds leaves room for
 * a family behind one address and none for a script.
 */
export const STRENGTH_CHECKS = { limit: 30, windowMs: 10_000 } as const;

/** What the meter says when the policy refuses (the rules are in accounts/password-policy.ts). */
const POLICY_ADVICE: Record<PolicyRefusal, string> = {
  'too-short': 'Use at least 8 characters.',
  'too-long': 'Use a shorter password.',
  common: 'This password is on a list of passwords that attackers try first.',
  personal: 'Do not use your email address or username as your password.',
};

export type PublicUserOptions = { db: Database; strength: StrengthPool; linkSecret: string };

/** /public/user: calls the signed-out site makes about a person, with no session. */
export const publicUserRoutes = ({ db, strength, linkSecret }: PublicUserOptions) => {
  const routes = new Hono();

  routes.post(
    '/verify_password_strength',
    perAddressLimit(STRENGTH_CHECKS),
    async (c) => {
      const body = await readJsonObject(c);
      const password = body?.password;
      if (typeof password !== 'string') return c.json({ message: BAD_REQUEST }, 400);
      const userInputs = Array.isArray(body?.userInputs) ? body.userInputs.filter((input): input is string => typeof input === 'string').slice(0, 4) : [];
      const refusal = passwordRefusal(password, userInputs);
      if (refusal === 'too-long') return c.json({ score: 0, weak: true, feedback: [POLICY_ADVICE[refusal]] });
      const estimate = await strength.estimate(password);
      if (estimate === 'busy') {
        c.header('Retry-After', '1');
        return c.json({ message: BUSY }, 503);
      }
      return c.json(
        refusal
          ? { score: Math.min(estimate.score, 1), weak: true, feedback: [POLICY_ADVICE[refusal], ...estimate.feedback] }
          : { score: estimate.score, weak: false, feedback: [] },
      );
    },
  );

  routes.post('/unsubscribe', async (c) => {
    const body = await readJsonObject(c);
    const { type, id_user, signature } = body ?? {};
    if (!isOneOf(MAIL_TYPES, type) || typeof id_user !== 'number' || !Number.isSafeInteger(id_user) || id_user <= 0) {
      return c.json({ message: BAD_REQUEST }, 400);
    }
    if (typeof signature !== 'string' || !isUnsubscribeSignature(linkSecret, type, id_user, signature)) {
      return c.json({ message: FORBIDDEN }, 403);
    }
    db.prepare('INSERT INTO unsubscribes (id_user, type, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(id_user, type, Date.now());
    return c.body(null, 204);
  });

  return routes;
};
