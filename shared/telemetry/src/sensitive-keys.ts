/** What every credential is replaced with, the text Sentry's own scrubbing uses. */
export const FILTERED = '[Filtered]';

/**
 * Matched against the key with case and separators removed, so `new_password`, `newPassword` and
 * `X-New-Password` are one rule. Substrings rather than exact names because the APIs spell the same
 * secret many ways (`hubspotUserToken`, `tutorInviteToken`, `magic_access_code`, `g-recaptcha-response`).
 */
const SENSITIVE_KEY =
  /password|passwd|token|accesscode|captcha|authorization|cookie|sess(ion)?id|secret|credentials|apikey/;

/** `sid` alone is too short to search for inside other names (it is in `considered`). */
const SENSITIVE_EXACT_KEYS = new Set(['sid']);

const normaliseKey = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether the value stored under `key` is a credential and must never leave the browser. */
export const isSensitiveKey = (key: string): boolean => {
  const normalised = normaliseKey(key);
  return SENSITIVE_EXACT_KEYS.has(normalised) || SENSITIVE_KEY.test(normalised);
};
