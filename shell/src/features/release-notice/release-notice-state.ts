import { RELEASE_ALERT_THRESHOLD_MS } from '@entry/constants';

export type ReleaseNotice = 'none' | 'alert' | 'toast';

export type NoticeInput = {
  running: string;
  latest: string | null;
  development: boolean;
  ignoredRoute: boolean;
  /** When the alert was last shown, or null for never. */
  lastAlertAt: number | null;
  now: number;
};

/**
 * SPEC section 4: nothing when the running version is the latest, in development or on ignored
 * routes; with a newer version an alert if it was last shown over 8 hours ago or never, else a toast.
 */
export const decideReleaseNotice = ({ running, latest, development, ignoredRoute, lastAlertAt, now }: NoticeInput): ReleaseNotice => {
  if (development || ignoredRoute || latest === null || latest === running) return 'none';
  return lastAlertAt === null || now - lastAlertAt > RELEASE_ALERT_THRESHOLD_MS ? 'alert' : 'toast';
};

/** Screens a reload would cost work on: a test under way is never interrupted by an update. */
export const isIgnoredRoute = (pathname: string): boolean =>
  pathname.startsWith('/assessments/') || /^\/taster\/[^/]+\/test\//.test(pathname);
