import type { PasswordStrength } from '@entry/api';

/** The server's rule (SPEC section 5 leaves strength to the server): at least 8 characters, no upper limit below 1 KiB. */
export const MIN_PASSWORD_LENGTH = 8;

export type PasswordVerdict = { weak: boolean; key?: string; text?: string };

/**
 * The one sentence a verdict is told in: for a weak password the server's most specific advice (its
 * warning, else its first suggestion), else the kit's own; for a strong one, that it is strong enough.
 */
export const passwordVerdict = (strength: PasswordStrength | null): PasswordVerdict | null => {
  if (!strength) return null;
  if (!strength.weak) return { weak: false, key: 'password.strong' };
  const [advice] = strength.feedback;
  return advice ? { weak: true, text: advice } : { weak: true, key: 'password.weak' };
};
