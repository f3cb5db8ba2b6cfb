import { createApp, type AppOptions } from '../app.ts';
import { openDatabase } from '../db/database.ts';

/**
 * The app as the server's http tests start it on a site folder of their own: an in-memory database,
 * no flags file, a test captcha secret, served at http://localhost with no proxies to believe.
 * `options` give the folder and the test's password-strength pool, and add to the rest or change it.
 */
export const createTestApp = (options: Pick<AppOptions, 'publicDir' | 'strength'> & Partial<AppOptions>) =>
  createApp({
    db: openDatabase(':memory:'),
    flagsPath: '/nonexistent',
    captchaSecret: 'test-secret',
    site: { publicOrigin: 'http://localhost', allowedOrigins: [], trustedProxies: [] },
    ...options,
  });
