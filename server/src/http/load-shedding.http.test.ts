import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import { BUSY_MESSAGE, eventLoopOverload } from './load-shedding.ts';
import { createTestApp } from '../test-support/test-app.ts';

/** A server that is overloaded whenever the test says so. */
const publicDir = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(join(publicDir, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
writeFileSync(join(publicDir, 'login.css'), 'body{}');
const strength = createStrengthPool();
afterAll(() => strength.close());
let overloaded = false;
const app = createTestApp({
  publicDir,
  strength,
  overloaded: () => overloaded,
});
const OUR_PAGE = { Origin: 'http://localhost', 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };

describe('an overloaded server', () => {
  it('refuses every call at once with 503 and Retry-After, the password check among them, and takes them again when it is not', async () => {
    overloaded = true;
    for (const [path, init] of [
      ['/ms_accounts/auth/require-captcha', {}],
      ['/ms_accounts/usernames/suggestions?firstName=Ada&lastName=Lovelace', {}],
      ['/app-metadata/latest-release', {}],
      ['/public/user/verify_password_strength', { method: 'POST', headers: OUR_PAGE, body: JSON.stringify({ password: 'x' }) }],
      ['/ms_accounts/auth/login', { method: 'POST', headers: OUR_PAGE, body: JSON.stringify({ username: 'a', password: 'b' }) }],
    ] as const) {
      const answer = await app.request(path, init);
      expect([path, answer.status, answer.headers.get('Retry-After'), answer.headers.get('Cache-Control')]).toEqual([path, 503, '1', 'no-store']);
      expect(await answer.json()).toEqual({ message: BUSY_MESSAGE });
    }
    overloaded = false;
    expect((await app.request('/ms_accounts/auth/require-captcha')).status).toBe(200);
  });

  it('still answers /health, the site’s files and its pages (the page the browser renders, when nothing is kept)', async () => {
    overloaded = true;
    expect(await (await app.request('/health')).json()).toEqual({ status: 'ok' });
    expect((await app.request('/public/login.css')).status).toBe(200);
    const page = await app.request('/public/login');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    overloaded = false;
  });
});

describe('the event loop monitor', () => {
  it('counts the server overloaded while its loop runs late, and not once it keeps time', async () => {
    const late = eventLoopOverload(30);
    await expect.poll(late).toBe(false);
    const until = performance.now() + 120;
    while (performance.now() < until);
    // Timers due during the block run in order: the monitor's first, then this one.
    await pause(0);
    expect(late()).toBe(true);
    await expect.poll(late).toBe(false);
    expect(eventLoopOverload(0)()).toBe(false);
  });
});
