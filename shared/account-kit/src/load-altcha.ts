import type {} from 'altcha/types/react';

let loading: Promise<void> | null = null;

/**
 * Loads the ALTCHA widget once per page, on first use, so a visitor who is never asked for the
 * captcha never downloads it. Its proof-of-work workers start from blob: URLs (the CSP's
 * `worker-src 'self' blob:`): bundled as worker files of a remote, they would get the Module
 * Federation runtime, which cannot start in a worker. A failed load is forgotten, so the next
 * widget tries again.
 */
export const loadAltcha = (labels: Record<string, string>): Promise<void> => {
  loading ??= import('altcha').then(
    () => {
      $altcha.i18n.set('en', { ...$altcha.i18n.get('en'), ...labels });
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};
