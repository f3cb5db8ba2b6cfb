import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStrengthPool } from './public-user/strength-pool.ts';
import { createTestApp } from './test-support/test-app.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(join(publicDir, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
const strength = createStrengthPool();
afterAll(() => strength.close());

const appWith = (clientId?: string) =>
  createTestApp({
    publicDir,
    strength,
    google: { clientId, tokenUrl: 'http://localhost/token' },
  });

describe('the site settings a page gets at run time', () => {
  it('names the configured Google client where Google’s library looks for it, escaped', async () => {
    const page = await (await appWith('123-abc.apps.googleusercontent.com"><script>').request('/public/login')).text();
    expect(page).toContain('<meta name="google-signin-client_id" content="123-abc.apps.googleusercontent.com&quot;&gt;&lt;script&gt;" /></head>');
  });

  it('names none without one', async () => {
    expect(await (await appWith().request('/public/login')).text()).not.toContain('google-signin-client_id');
  });
});
