import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * A value only the browser has (the user agent, a cookie, local storage), safe for a page rendered on
 * the server: there, and while such a page hydrates, it is `fallback`; in the browser it is `read()`.
 * `read` runs at every render and must give equal results for equal state: a string, number or
 * boolean, not a new object each time (parse stored JSON in the caller).
 */
export const useBrowserValue = <T extends string | number | boolean | null>(read: () => T, fallback: T): T =>
  useSyncExternalStore(unchanging, read, () => fallback);
