import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import '../http/site.ts';
import { appMetadataRoutes, FAILURE_REPORTS, VISITORS_PER_ADDRESS } from './app-metadata.ts';
import { folderSite } from '../ssr/deployed-site.ts';

let db: Database;
let app: Hono;

/** The routes alone, with the visitor's address taken from a test header as siteContext would find it. */
beforeEach(() => {
  db = openDatabase(':memory:');
  app = new Hono();
  app.use('*', async (c, next) => {
    c.set('clientAddress', c.req.header('x-test-address') ?? '192.0.2.1');
    await next();
  });
  app.route('/app-metadata', appMetadataRoutes({ site: folderSite(mkdtempSync(`${tmpdir()}/site-`)), db }));
});

const report = (body: Record<string, unknown>, address = '192.0.2.1') =>
  app.request('/app-metadata/remote-load-failures', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-test-address': address },
    body: JSON.stringify({ remote: 'registration', version: '3.0.0', fallback: '1.0.0', ...body }),
  });

const failures = async () => {
  const response = await app.request('/app-metadata/remote-load-failures?remote=registration');
  return ((await response.json()) as { failures: Record<string, unknown>[] }).failures.map(({ firstSeen, lastSeen, ...rest }) => {
    expect(typeof firstSeen).toBe('string');
    expect(typeof lastSeen).toBe('string');
    return rest;
  });
};

describe('remote load failure reports', () => {
  it('counts a visitor once per version however often it reports', async () => {
    const visitor = randomUUID();
    for (let post = 0; post < 30; post += 1) expect((await report({ visitor })).status).toBe(204);

    expect(await failures()).toEqual([{ version: '3.0.0', fallbackVersion: '1.0.0', visitors: 1, canaryVisitors: 0 }]);
  });

  it('counts at most a few visitors per address: 30 invented visitors from one script are 3', async () => {
    for (let post = 0; post < 30; post += 1) await report({ visitor: randomUUID() });

    expect(await failures()).toEqual([{ version: '3.0.0', fallbackVersion: '1.0.0', visitors: VISITORS_PER_ADDRESS, canaryVisitors: 0 }]);
  });

  it('counts visitors behind different addresses each', async () => {
    for (const address of ['192.0.2.1', '192.0.2.2', '2001:db8::1', '198.51.100.7']) await report({ visitor: randomUUID() }, address);

    expect(await failures()).toEqual([{ version: '3.0.0', fallbackVersion: '1.0.0', visitors: 4, canaryVisitors: 0 }]);
  });

  it('keeps the canary flag and the kind of fault', async () => {
    await report({ visitor: randomUUID(), canary: true, kind: 'broken' }, '192.0.2.1');
    await report({ visitor: randomUUID(), canary: false, kind: 'missing' }, '192.0.2.2');

    expect(await failures()).toEqual([{ version: '3.0.0', fallbackVersion: '1.0.0', visitors: 2, canaryVisitors: 1 }]);
    expect(db.prepare('SELECT canary, kind FROM remote_load_failures ORDER BY kind').all()).toEqual([
      { canary: 1, kind: 'broken' },
      { canary: 0, kind: 'missing' },
    ]);
  });

  it('counts a report without a visitor id (an older shell) as one visitor for its address', async () => {
    await report({});
    await report({});
    await report({}, '192.0.2.9');

    expect(await failures()).toEqual([{ version: '3.0.0', fallbackVersion: '1.0.0', visitors: 2, canaryVisitors: 0 }]);
  });

  it('keeps no address in clear', async () => {
    await report({ visitor: randomUUID() }, '203.0.113.77');

    expect(JSON.stringify(db.prepare('SELECT * FROM remote_load_failures').all())).not.toContain('203.0.113.77');
  });

  it('refuses malformed reports', async () => {
    for (const body of [
      { visitor: 'short' },
      { visitor: '../../etc' },
      { canary: 'yes' },
      { kind: 'gremlins' },
      { fallback: '../0' },
    ]) {
      expect((await report(body)).status).toBe(400);
    }
    expect(await failures()).toEqual([]);
  });

  it('limits the reports one address may post', async () => {
    for (let post = 0; post < FAILURE_REPORTS.limit; post += 1) await report({ visitor: randomUUID() });

    const refused = await report({ visitor: randomUUID() });
    expect(refused.status).toBe(429);
    expect((await report({ visitor: randomUUID() }, '192.0.2.200')).status).toBe(204);
  });
});
