import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import type { StrengthPool } from '../public-user/strength-pool.ts';

const app = (releasesToken?: string) =>
  createApp({
    publicDir: '/nonexistent',
    db: openDatabase(':memory:'),
    flagsPath: '/nonexistent',
    captchaSecret: 'test',
    strength: {} as StrengthPool,
    site: { publicOrigin: 'http://localhost:3000', allowedOrigins: [], trustedProxies: [] },
    composePages: false,
    logRequests: false,
    releasesToken,
  });
const basic = (password: string) => ({ Authorization: `Basic ${Buffer.from(`ana:${password}`).toString('base64')}` });
const TOKEN = 'a-release-page-token-of-some-length';

describe('the release page', () => {
  it('does not exist without a token configured', async () => {
    expect((await app().request('/releases', { headers: basic('anything') })).status).toBe(404);
  });

  it('asks for the token, and refuses a wrong one', async () => {
    const server = app(TOKEN);
    expect((await server.request('/releases')).headers.get('WWW-Authenticate')).toContain('Basic realm="Releases"');
    expect((await server.request('/releases', { headers: basic('wrong') })).status).toBe(401);
    const page = await server.request('/releases', { headers: basic(TOKEN) });
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(await page.text()).toContain('Nothing is deployed here yet.');
  });

  it('takes moves only from its own origin, with X-Requested-With', async () => {
    const response = await app(TOKEN).request('/releases/actions', {
      method: 'POST',
      headers: { ...basic(TOKEN), 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
      body: JSON.stringify({ remote: 'registration', action: 'rollback', revision: 'x' }),
    });
    expect(response.status).toBe(403);
  });
});
