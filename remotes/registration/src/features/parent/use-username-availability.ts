import { useEffect, useState } from 'react';
import { checkUsername } from '@entry/api';
import { USERNAME } from '../../lib/patterns.ts';

const PAUSE_MS = 400;

export type Availability = 'unknown' | 'checking' | 'available' | 'taken';

/**
 * Whether a well-formed username is free, asked once typing pauses. A check that fails says nothing
 * rather than "Checking…" for ever: the server judges the username again when the account is made.
 */
export const useUsernameAvailability = (username: string): Availability => {
  const wanted = username.trim().toLowerCase();
  const [answer, setAnswer] = useState<{ username: string; available: boolean | null } | null>(null);
  const wellFormed = USERNAME.test(wanted);
  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    const timer = setTimeout(() => {
      checkUsername(wanted).then(
        ({ available }) => current && setAnswer({ username: wanted, available }),
        () => current && setAnswer({ username: wanted, available: null }),
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, wellFormed]);
  if (!wellFormed) return 'unknown';
  if (answer?.username !== wanted) return 'checking';
  if (answer.available === null) return 'unknown';
  return answer.available ? 'available' : 'taken';
};
