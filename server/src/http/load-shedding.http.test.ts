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
  const block = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };

  it('does not count one long pause as overload: the delay is averaged over its window', async () => {
    // Its first window runs from here to 200 ms; a 100 ms pause in the middle of it.
    const late = eventLoopOverload(30, 200);
    await pause(60);
    block(100);
    const seen: boolean[] = [];
    // As a request that waited through the pause: timers due during it run first, then this.
    for (let waited = 0; waited < 500; waited += 20) {
      await pause(waited === 0 ? 0 : 20);
      seen.push(late());
    }
    expect(seen).not.toContain(true);
  });

  it('counts the server overloaded while its loop keeps running late, and not once it keeps time', async () => {
    const late = eventLoopOverload(30, 150);
    const seen: boolean[] = [];
    const until = performance.now() + 800;
    while (performance.now() < until) {
      block(60);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(late());
    }
    expect(seen).toContain(true);
    await expect.poll(late, { timeout: 2_000 }).toBe(false);
    expect(eventLoopOverload(0)()).toBe(false);
  });

  it('counts the server overloaded while a crowd of short tasks never lets its loop rest, though no timer runs late', async () => {
    const busy = eventLoopOverload(30, 160);
    const seen: boolean[] = [];
    const until = performance.now() + 800;
    // 2 ms tasks one after another: every timer runs within a few ms, and the loop is never idle.
    await new Promise<void>((resolve) => {
      const task = () => {
        block(2);
        seen.push(busy());
        if (performance.now() < until) setImmediate(task);
        else resolve();
      };
      task();
    });
    expect(seen).toContain(true);
    await expect.poll(busy, { timeout: 2_000 }).toBe(false);
  });
});
