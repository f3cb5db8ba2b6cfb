import { useEffect, useState } from 'react';
import { getUsernameSuggestions } from '@entry/api';

const PAUSE_MS = 400;

/**
 * Free usernames for a child's names. Nothing is asked until both names are set (SPEC section 5),
 * and then only once typing pauses; the list shown always belongs to the names as they are now.
 */
export const useUsernameSuggestions = (firstName: string, lastName: string): string[] => {
  const first = firstName.trim();
  const last = lastName.trim();
  const names = `${first}\n${last}`;
  const [answer, setAnswer] = useState<{ names: string; suggestions: string[] } | null>(null);
  useEffect(() => {
    if (!first || !last) return;
    let current = true;
    const timer = setTimeout(() => {
      getUsernameSuggestions({ firstName: first, lastName: last }).then(
        (suggestions) => current && setAnswer({ names, suggestions }),
        // Suggestions are a help: without them the username is simply typed.
        () => undefined,
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [first, last, names]);
  return first && last && answer?.names === names ? answer.suggestions : [];
};
