import { useEffect, useState } from 'react';
import { checkUsername } from '@entry/api';
import { USERNAME } from '../../lib/patterns.ts';

const PAUSE_MS = 400;

export type Availability = 'unknown' | 'checking' | 'available' | 'taken';

/** Whether a well-formed username is free, asked once typing pauses. */
export const useUsernameAvailability = (username: string): Availability => {
  const wanted = username.trim().toLowerCase();
  const [answer, setAnswer] = useState<{ username: string; available: boolean } | null>(null);
  const wellFormed = USERNAME.test(wanted);
  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    const timer = setTimeout(() => {
      checkUsername(wanted).then(
        ({ available }) => current && setAnswer({ username: wanted, available }),
        () => undefined,
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, wellFormed]);
  if (!wellFormed) return 'unknown';
  if (answer?.username !== wanted) return 'checking';
  return answer.available ? 'available' : 'taken';
};
