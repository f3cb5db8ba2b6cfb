import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrations } from './db/migrations.ts';
import { createStrengthPool } from './public-user/strength-pool.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(join(publicDir, 'index.html'), '<html></html>');
writeFileSync(join(publicDir, 'release.json'), JSON.stringify({ version: 'r42' }));
const databaseFile = join(publicDir, 'test.sqlite');
const db = openDatabase(databaseFile);
/** Opening the same file again must not re-apply anything. */
const openDatabaseAgain = () => {
  const again = openDatabase(databaseFile);
  const count = again.prepare('SELECT count(*) AS n FROM schema_migrations').get()?.n;
  again.close();
  return Number(count);
};
const flagsPath = join(publicDir, 'flags.json');
writeFileSync(flagsPath, '{}');
const strength = createStrengthPool();
afterAll(() => strength.close());
const app = createApp({
  publicDir,
  db,
  flagsPath,
  captchaSecret: 'test-secret',
  strength,
  site: { publicOrigin: 'http://localhost', allowedOrigins: [], trustedProxies: [] },
});

/** What our own pages send with a state-changing call. */
const OUR_PAGE = { Origin: 'http://localhost', 'X-Requested-With': 'XMLHttpRequest' };

const reportLoadFailure = (body: unknown) =>
  app.request('/app-metadata/remote-load-failures', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...OUR_PAGE },
    body: JSON.stringify(body),
  });

describe('reference server', () => {
  it('answers health after checking the database', async () => {
    const response = await app.request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('gives the running release id, uncached', async () => {
    const response = await app.request('/app-metadata/latest-release');
    expect(await response.json()).toEqual({ version: 'r42' });
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('records a remote that failed to load and refuses a malformed report', async () => {
    expect((await reportLoadFailure({ remote: 'taster', version: '1.0.0-abc' })).status).toBe(204);
    expect((await reportLoadFailure({ remote: 'evil', version: '1' })).status).toBe(400);
    expect((await reportLoadFailure({ remote: 'taster', version: '<script>' })).status).toBe(400);
    expect((await reportLoadFailure({ remote: 'taster', version: '1', fallback: '../0' })).status).toBe(400);
    expect(db.prepare('SELECT remote, version FROM remote_load_failures').all()).toEqual([
      { remote: 'taster', version: '1.0.0-abc' },
    ]);
  });

  it('lists one remote’s failures in visitors, with the version they fell back to, for the release tooling', async () => {
    await reportLoadFailure({ remote: 'registration', version: '3.0.0', fallback: '1.0.0', visitor: 'visitor-one' });
    await reportLoadFailure({ remote: 'registration', version: '3.0.0', fallback: '1.0.0', visitor: 'visitor-two' });
    await reportLoadFailure({ remote: 'registration', version: '3.0.0', fallback: '1.0.0', visitor: 'visitor-two' });
    await reportLoadFailure({ remote: 'registration', version: '2.0.0', visitor: 'visitor-one' });
    await reportLoadFailure({ remote: 'login', version: '9.0.0', fallback: '8.0.0', visitor: 'visitor-one' });

    const response = await app.request('/app-metadata/remote-load-failures?remote=registration');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const { failures } = (await response.json()) as { failures: { version: string; fallbackVersion: string | null; visitors: number }[] };
    expect(failures.map(({ version, fallbackVersion, visitors }) => ({ version, fallbackVersion, visitors }))).toEqual(
      expect.arrayContaining([
        { version: '3.0.0', fallbackVersion: '1.0.0', visitors: 2 },
        { version: '2.0.0', fallbackVersion: null, visitors: 1 },
      ]),
    );
    expect(failures).toHaveLength(2);
    expect((await app.request('/app-metadata/remote-load-failures?remote=evil')).status).toBe(400);
  });

  it('refuses a body over 16 KiB', async () => {
    const response = await app.request('/app-metadata/remote-load-failures', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(17 * 1024), ...OUR_PAGE },
      body: 'x'.repeat(17 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it('refuses a state-changing call from another site or without X-Requested-With', async () => {
    const post = (headers: Record<string, string>) =>
      app.request('/app-metadata/remote-load-failures', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
    expect((await post({ Origin: 'https://evil.example', 'X-Requested-With': 'XMLHttpRequest' })).status).toBe(403);
    expect((await post({ Origin: 'http://localhost' })).status).toBe(403);
    expect((await post({ 'X-Requested-With': 'XMLHttpRequest' })).status).toBe(403);
    expect((await post(OUR_PAGE)).status).toBe(400);
  });

  it('answers unknown API paths with the standard not-found text', async () => {
    const response = await app.request('/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Resource not found' });
  });

  it('applies every migration once, in order', () => {
    expect(db.prepare('SELECT id FROM schema_migrations ORDER BY id').all()).toEqual(migrations.map(({ id }) => ({ id })));
    expect(openDatabaseAgain()).toBe(migrations.length);
  });
});
