import { isIP } from 'node:net';
import type { Captcha, CaptchaVerdict } from './captcha.ts';

/**
 * Google reCAPTCHA v2: the browser's widget gets a token from Google and the server asks Google's
 * siteverify endpoint, with the secret, whether it is good. The endpoint is configurable, so tests
 * run against a local fake.
 */
export type RecaptchaConfig = { secret?: string; verifyUrl: string };

const VERIFY_TIMEOUT_MS = 5000;

type SiteverifyAnswer = { success?: unknown; 'error-codes'?: unknown };

/** Google's error codes, as the two the login screens put in words; anything else is ours to fix. */
const verdictFor = ({ success, 'error-codes': codes }: SiteverifyAnswer): CaptchaVerdict => {
  if (success === true) return 'ok';
  const errors = Array.isArray(codes) ? codes : [];
  if (errors.includes('missing-input-response')) return 'missing-input-response';
  if (errors.includes('timeout-or-duplicate') || errors.includes('invalid-input-response')) return 'timeout-or-duplicate';
  // missing-input-secret, invalid-input-secret, bad-request: this server's configuration or call is wrong.
  console.error(`reCAPTCHA refused the check (${errors.join(', ') || 'no error code'}): check RECAPTCHA_SECRET`);
  return 'unavailable';
};

export const createRecaptcha = ({ secret, verifyUrl }: RecaptchaConfig & { secret: string }): Captcha => ({
  verify: async (token, remoteIp) => {
    if (!token) return 'missing-input-response';
    const response = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, ...(isIP(remoteIp) ? { remoteip: remoteIp } : {}) }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    }).catch(() => null);
    if (!response?.ok) {
      // Never the error itself: it could carry the request, and the request carries the secret.
      console.error(`reCAPTCHA siteverify did not answer (${response ? `status ${response.status}` : 'no response'})`);
      return 'unavailable';
    }
    const answer = (await response.json().catch(() => null)) as SiteverifyAnswer | null;
    return answer && typeof answer === 'object' ? verdictFor(answer) : 'unavailable';
  },
});
