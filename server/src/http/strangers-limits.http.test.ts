import { afterAll, describe, expect, it, vi } from 'vitest';
import { createThrottle, DEFAULT_LIMITS } from '../accounts/throttle.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';

/** What a stranger can post without our pages: nothing that grows without end, or costs without limit. */
const db = openDatabase(':memory:');
const strength = createStrengthPool();
afterAll(() => strength.close());
const app = createApp({
  publicDir: '/nonexistent',
  db,
  flagsPath: '/nonexistent',
  captchaSecret: 'test-secret',
  strength,
  site: { publicOrigin: 'http://localhost', allowedOrigins: [], trustedProxies: [] },
});
const OUR_PAGE = { Origin: 'http://localhost', 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
const count = (table: string) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n);

describe('limits per address on what anyone can post', () => {
  it('takes 60 CSP reports a minute from one address, then answers 429 and stores nothing more', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const report = JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost/public/login', 'effective-directive': 'img-src', 'blocked-uri': 'data' } });
    const statuses = [];
    for (let post = 0; post < 62; post += 1) {
      statuses.push((await app.request('/csp-reports', { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body: report })).status);
    }
    warn.mockRestore();
    expect(statuses.filter((status) => status === 204)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429]);
    expect(count('csp_reports')).toBe(60);
  });

  it('takes 120 gateway events a minute from one address, then answers 429', async () => {
    const statuses = [];
    for (let post = 0; post < 121; post += 1) {
      const event = { eventName: 'page_view', eventType: 'Frontend', id_local: `event-${post}` };
      statuses.push((await app.request('/event-gateway/publish', { method: 'POST', headers: OUR_PAGE, body: JSON.stringify(event) })).status);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
    expect(count('gateway_events')).toBe(120);
  });
});

describe('what is kept', () => {
  it('forgets failed logins older than the window as new ones arrive', () => {
    const throttle = createThrottle(db, DEFAULT_LIMITS);
    const now = Date.now();
    throttle.recordFailure('old@example.com', '10.0.0.1', now - DEFAULT_LIMITS.windowMs - 1000);
    throttle.recordFailure('new@example.com', '10.0.0.1', now);
    expect(db.prepare('SELECT identifier FROM login_failures').all()).toEqual([{ identifier: 'new@example.com' }]);
  });
});
