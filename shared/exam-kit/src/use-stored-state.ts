import { useCallback, useState, useSyncExternalStore } from 'react';

export type StoredStateFormat<T> = {
  /** The value a stored text stands for (null: nothing stored, or storage unreadable). */
  parse: (stored: string | null) => T;
  /** The text to store for a value; null removes the key. */
  serialize: (value: T) => string | null;
};

const storedText = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const store = (key: string, text: string | null) => {
  try {
    if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  } catch {
    // Storage full or refused (private mode): the page goes on, it just will not survive a reload.
  }
};

/**
 * The page's copy of each key's value, with the text it was read from or written as. While local
 * storage still holds that text the copy stands (keeping its identity, as useSyncExternalStore
 * needs); when something else changed it (another tab, a reload) it is read again. A write storage
 * refused leaves the old text there, so the copy stands too: the page works on without it.
 */
const copies = new Map<string, { stored: string | null; value: unknown }>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const current = <T>(key: string, parse: (stored: string | null) => T): T => {
  const stored = storedText(key);
  const copy = copies.get(key);
  if (copy && copy.stored === stored) return copy.value as T;
  const value = parse(stored);
  copies.set(key, { stored, value });
  return value;
};

/**
 * State kept in local storage under a key, so a reload finds it again. Storage is read in the browser
 * only: a page rendered on the server shows `initial` until it hydrates.
 */
export const useStoredState = <T>(key: string, initial: T, { parse, serialize }: StoredStateFormat<T>) => {
  const [fallback] = useState(initial);
  const value = useSyncExternalStore(subscribe, () => current(key, parse), () => fallback);
  const setValue = useCallback(
    (update: (current: T) => T) => {
      const before = current(key, parse);
      const next = update(before);
      if (Object.is(next, before)) return;
      store(key, serialize(next));
      copies.set(key, { stored: storedText(key), value: next });
      for (const listener of listeners) listener();
    },
    [key, parse, serialize],
  );
  return [value, setValue] as const;
};

/** JSON, with `initial` for anything missing or unreadable. */
export const jsonFormat = <T>(initial: T, isValid: (value: unknown) => value is T): StoredStateFormat<T> => ({
  parse: (stored) => {
    try {
      const value: unknown = JSON.parse(stored ?? 'null');
      return isValid(value) ? value : initial;
    } catch {
      return initial;
    }
  },
  serialize: (value) => JSON.stringify(value),
});
