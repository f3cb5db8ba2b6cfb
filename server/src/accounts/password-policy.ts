import { dictionary } from '@zxcvbn-ts/language-common';
import { isPasswordTooLong, MIN_PASSWORD_LENGTH } from './passwords.ts';

/**
 * The one password policy of sign-up, reset and change (ASVS 5.0 V6.2; NIST SP 800-63B; OWASP
 * Authentication Cheat Sheet; Kratos and Keycloak do the same): at least 8 characters, up to 1 KiB
 * (so 64 and far more are welcome), no composition rules, and nothing a breach list or the account
 * itself gives away. The list is zxcvbn's 49,233 most common passwords of public breaches.
 */
export type PolicyRefusal = 'too-short' | 'too-long' | 'common' | 'personal';

const COMMON = new Set(dictionary['passwords-common']);

/** "Password123!" is "password" with a tail: the tail adds little an attacker's rules do not try first. */
const TAIL = /[\d\W_]+$/u;
const MIN_BASE_LENGTH = 6;

const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

const isCommon = (password: string): boolean => {
  const normalised = normalise(password);
  const base = normalised.replace(TAIL, '');
  return COMMON.has(normalised) || (base.length >= MIN_BASE_LENGTH && COMMON.has(base));
};

/** The account's own email and username, whole or as the password's core, are the first guesses. */
const isPersonal = (password: string, userInputs: string[]): boolean => {
  const normalised = normalise(password);
  return userInputs
    .flatMap((input) => [normalise(input), normalise(input).split('@')[0] ?? ''])
    .some((input) => input.length >= 4 && (normalised === input || normalised.replace(TAIL, '') === input));
};

/** Why a new password is refused, or null when it may be used. Cheap: no strength estimate runs here. */
export const passwordRefusal = (password: string, userInputs: string[] = []): PolicyRefusal | null => {
  if (isPasswordTooLong(password)) return 'too-long';
  if ([...password.normalize('NFKC')].length < MIN_PASSWORD_LENGTH) return 'too-short';
  if (isCommon(password)) return 'common';
  if (isPersonal(password, userInputs)) return 'personal';
  return null;
};
