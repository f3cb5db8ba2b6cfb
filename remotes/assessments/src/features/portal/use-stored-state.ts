import { useEffect, useState } from 'react';

const read = <T>(key: string, initial: T): T => {
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? initial : (JSON.parse(stored) as T);
  } catch {
    return initial;
  }
};

/** State kept in local storage under a key, so a reload finds it again. */
export const useStoredState = <T>(key: string, initial: T) => {
  const [value, setValue] = useState<T>(() => read(key, initial));
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage refused (private mode, full): the page works on, without surviving a reload.
    }
  }, [key, value]);
  return [value, setValue] as const;
};
