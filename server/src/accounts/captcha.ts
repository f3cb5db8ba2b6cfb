import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * The offline captcha: a proof of work in the style of ALTCHA. The server hands out a signed
 * challenge (the SHA-256 of a salt and a secret number); the browser finds the number by trying
 * them in turn and sends it back. Signed, so the server keeps no state until one is used; used
 * ones are remembered until they expire, so each solves one login.
 */
export type Challenge = { algorithm: 'SHA-256'; challenge: string; salt: string; maxnumber: number; signature: string };
export type Solution = { challenge: string; salt: string; number: number; signature: string };

/** A verifier's answer: `unavailable` when the verifier itself could not be asked (reCAPTCHA down). */
export type CaptchaVerdict = 'ok' | 'missing-input-response' | 'timeout-or-duplicate' | 'unavailable';

/** What the login routes need from a captcha, whichever provider checks it (see app.ts). */
export type Captcha = {
  verify: (token: string | undefined, remoteIp: string) => Promise<CaptchaVerdict>;
  /** The self-hosted captcha's challenges; reCAPTCHA's widget gets its own from Google. */
  issue?: () => Challenge;
};

const MAX_NUMBER = 100_000;
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const createCaptcha = (db: Database, secret: string): Captcha => {
  const sign = (challenge: string) => createHmac('sha256', secret).update(challenge).digest('hex');

  const issue = (): Challenge => {
    // The expiry travels in the salt, so it is covered by the signature.
    const salt = `${randomBytes(12).toString('hex')}?expires=${Date.now() + CHALLENGE_TTL_MS}`;
    const number = randomBytes(4).readUInt32BE() % MAX_NUMBER;
    const challenge = sha256(`${salt}${number}`);
    return { algorithm: 'SHA-256', challenge, salt, maxnumber: MAX_NUMBER, signature: sign(challenge) };
  };

  const parse = (token: string): Solution | null => {
    try {
      const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Solution>;
      const { challenge, salt, number, signature } = value;
      if (typeof challenge !== 'string' || typeof salt !== 'string' || typeof signature !== 'string') return null;
      if (typeof number !== 'number' || !Number.isInteger(number)) return null;
      return { challenge, salt, number, signature };
    } catch {
      return null;
    }
  };

  const verify = async (token: string | undefined): Promise<CaptchaVerdict> => {
    const now = Date.now();
    if (!token) return 'missing-input-response';
    const solution = parse(token);
    if (!solution) return 'timeout-or-duplicate';
    const expected = Buffer.from(sign(solution.challenge), 'hex');
    const given = Buffer.from(solution.signature, 'hex');
    const expires = Number(new URLSearchParams(solution.salt.split('?')[1]).get('expires'));
    if (
      expected.length !== given.length ||
      !timingSafeEqual(expected, given) ||
      sha256(`${solution.salt}${solution.number}`) !== solution.challenge ||
      !(expires > now)
    ) {
      return 'timeout-or-duplicate';
    }
    db.prepare('DELETE FROM used_captchas WHERE expires_at <= ?').run(now);
    const used = db
      .prepare('INSERT INTO used_captchas (challenge, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .run(solution.challenge, expires);
    return used.changes === 1 ? 'ok' : 'timeout-or-duplicate';
  };

  return { issue, verify };
};

/** What a browser does, for the server's own tests: try numbers until the hash matches. */
export const solveChallenge = ({ challenge, salt, maxnumber, signature }: Challenge): string => {
  for (let number = 0; number <= maxnumber; number += 1) {
    if (sha256(`${salt}${number}`) === challenge) {
      return Buffer.from(JSON.stringify({ challenge, salt, number, signature })).toString('base64');
    }
  }
  throw new Error('challenge has no solution');
};
