import { useEffect, useState } from 'react';
import { checkPasswordStrength, type PasswordStrength } from '@entry/api';

const PAUSE_MS = 400;

/** The server's verdict on a password, asked once typing pauses (SPEC section 5: the server judges). */
export const usePasswordStrength = (password: string): PasswordStrength | null => {
  const [verdict, setVerdict] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      checkPasswordStrength(password).then(
        (strength) => current && setVerdict({ password, strength }),
        () => undefined,
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password]);
  return verdict?.password === password ? verdict.strength : null;
};

/**
 * Asks the server now, for a form about to move on. No answer (the network) lets the form go on:
 * the sign-up itself is judged again by the server.
 */
export const isWeakPassword = async (password: string): Promise<boolean> =>
  checkPasswordStrength(password).then(
    (strength) => strength.weak,
    () => false,
  );
