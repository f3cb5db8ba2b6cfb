import type { BrowserContext } from '@playwright/test';

const TRACKER_HOST = /(^|\.)(googletagmanager\.com|google-analytics\.com|doubleclick\.net)$/;

/** Every request to a tracker host is recorded (and stopped: this machine is offline anyway). */
export const watchTrackers = async (context: BrowserContext) => {
  const requests: string[] = [];
  await context.route(
    (url) => TRACKER_HOST.test(url.hostname),
    (route) => {
      requests.push(route.request().url());
      return route.abort();
    },
  );
  return requests;
};
