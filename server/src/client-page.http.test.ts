import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createStrengthPool } from './public-user/strength-pool.ts';
import { createTestApp } from './test-support/test-app.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'site-'));
const strength = createStrengthPool();
afterAll(() => strength.close());

/** A release puts its index.html in place as the release tool does: written beside it, then renamed over it. */
const release = (html: string) => {
  writeFileSync(join(publicDir, 'index.html.next'), html);
  renameSync(join(publicDir, 'index.html.next'), join(publicDir, 'index.html'));
};
const template = (title: string) => `<html><head><title>${title}</title><link rel="stylesheet" href="/a.css"></head><body><script src="/b.js"></script></body></html>`;

const app = createTestApp({
  publicDir,
  strength,
  google: { clientId: 'client-1.apps.googleusercontent.com', tokenUrl: 'http://localhost/token' },
  composePages: false,
  logRequests: false,
});

const answer = async () => {
  const response = await app.request('/public/login');
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
  return { status: response.status, nonce, text: await response.text() };
};

describe('the page the browser renders alone', () => {
  it('gives every answer its own nonce on each script and stylesheet, with the site’s settings', async () => {
    release(template('first'));
    const [one, two] = [await answer(), await answer()];
    expect(one.nonce).toBeTruthy();
    expect(two.nonce).not.toBe(one.nonce);
    for (const { nonce, text } of [one, two]) {
      expect(text).toBe(
        `<html><head><title>first</title><link rel="stylesheet" href="/a.css" nonce="${nonce}"><meta name="google-signin-client_id" content="client-1.apps.googleusercontent.com" /></head><body><script src="/b.js" nonce="${nonce}"></script></body></html>`,
      );
    }
  });

  it('is the new release’s from the first answer after index.html changes', async () => {
    release(template('first'));
    expect((await answer()).text).toContain('<title>first</title>');
    release(template('second'));
    expect((await answer()).text).toContain('<title>second</title>');
  });

  it('answers 500 with a plain message while the site has no index.html, and the page again once a release brings one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      rmSync(join(publicDir, 'index.html'), { force: true });
      const missing = await app.request('/public/login');
      expect(missing.status).toBe(500);
      expect(await missing.json()).toEqual({ message: 'Internal Server Error' });
      expect(String(logged.mock.calls[0]?.[0])).toContain('The site has no index.html');
    } finally {
      logged.mockRestore();
    }
    release(template('back'));
    expect(await answer()).toMatchObject({ status: 200, text: expect.stringContaining('<title>back</title>') });
  });
});
