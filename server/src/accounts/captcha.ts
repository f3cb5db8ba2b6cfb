import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create, randomInt } from 'altcha-lib/frameworks/hono';
import { createChallenge, solveChallenge as solve, type Challenge } from 'altcha-lib';
import type { Database } from '../db/database.ts';

/**
 * The self-hosted captcha is ALTCHA (altcha-lib on the server, the altcha widget in the browser):
 * a signed proof-of-work challenge (PBKDF2/SHA-256) the browser solves in a second or two, checked
 * here with no third party. Each solved challenge opens one login: its id is kept until it expires.
 */
export type { Challenge } from 'altcha-lib';

/** A verifier's answer: `unavailable` when the verifier itself could not be asked (reCAPTCHA down). */
export type CaptchaVerdict = 'ok' | 'missing-input-response' | 'timeout-or-duplicate' | 'unavailable';

/** What the login routes need from a captcha, whichever provider checks it (see app.ts). */
export type Captcha = {
  verify: (token: string | undefined, remoteIp: string) => Promise<CaptchaVerdict>;
  /** ALTCHA's challenges; reCAPTCHA's widget gets its own from Google. */
  issue?: () => Promise<Challenge>;
};

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/**
 * ALTCHA's example figures (5,000 PBKDF2 iterations a try) lowered tenfold for children's old
 * tablets: 500 iterations, 5,000 to 10,000 tries. A browser pays a few seconds once; a bot pays it
 * for every login, on top of the per-address limit.
 */
const COST = 500;
const COUNTER = { min: 5_000, max: 10_000 } as const;

export const createCaptcha = (db: Database, secret: string): Captcha => {
  const store = {
    get: (id: string) => db.prepare('SELECT 1 FROM used_captchas WHERE challenge = ?').get(id) !== undefined,
    set: (id: string) => {
      db.prepare('INSERT INTO used_captchas (challenge, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING').run(id, Date.now() + CHALLENGE_TTL_MS);
    },
    /** Atomic: of two logins racing with one solution, only one marks it used. */
    setIfAbsent: (id: string) => {
      const now = Date.now();
      db.prepare('DELETE FROM used_captchas WHERE expires_at <= ?').run(now);
      const insert = db.prepare('INSERT INTO used_captchas (challenge, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING');
      return insert.run(id, now + CHALLENGE_TTL_MS).changes === 1;
    },
  };
  const parameters = () => ({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    counter: randomInt(COUNTER.max, COUNTER.min),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  const altcha = create({ deriveKey, hmacSignatureSecret: secret, store, createChallengeParameters: parameters });

  return {
    issue: () => createChallenge({ deriveKey, hmacSignatureSecret: secret, ...parameters() }),
    verify: async (token) => {
      if (!token) return 'missing-input-response';
      const { error } = await altcha.verify(token, deriveKey, secret, undefined, store);
      return error ? 'timeout-or-duplicate' : 'ok';
    },
  };
};

/** What a browser does, for the server's own tests: solve the challenge and wrap it as the widget does. */
export const solveChallenge = async (challenge: Challenge): Promise<string> => {
  const solution = await solve({ challenge, deriveKey });
  if (!solution) throw new Error('challenge has no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};
