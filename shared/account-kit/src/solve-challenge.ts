import type { CaptchaChallenge } from '@entry/api';

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Finds the number behind the server's challenge (SHA-256 of salt + number) by trying each in turn,
 * and returns the token the server checks. About a second of work for a browser, a cost per login
 * for a bot.
 */
export const solveChallenge = async ({ challenge, salt, maxnumber, signature }: CaptchaChallenge): Promise<string> => {
  const encoder = new TextEncoder();
  for (let number = 0; number <= maxnumber; number += 1) {
    if (hex(await crypto.subtle.digest('SHA-256', encoder.encode(`${salt}${number}`))) === challenge) {
      return btoa(JSON.stringify({ challenge, salt, number, signature }));
    }
  }
  throw new Error('The captcha challenge has no solution');
};
