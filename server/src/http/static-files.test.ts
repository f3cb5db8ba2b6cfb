import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import { cacheControlFor, isAppPath, isFile } from './static-files.ts';
import { createTestApp } from '../test-support/test-app.ts';

const site = mkdtempSync(join(tmpdir(), 'site-'));
mkdirSync(join(site, 'static/js'), { recursive: true });
mkdirSync(join(site, 'remotes/login/1.0.0/static/js'), { recursive: true });
mkdirSync(join(site, 'remotes/login/1.0.0/server'), { recursive: true });
mkdirSync(join(site, 'server'), { recursive: true });
mkdirSync(join(site, 'prerendered/login'), { recursive: true });
writeFileSync(join(site, 'index.html'), '<html><head></head><body><div id="root"></div><script src="/public/static/js/index.abc123.js"></script></body></html>');
writeFileSync(join(site, 'remotes.json'), '{}');
writeFileSync(join(site, 'mf-manifest.json'), '{}');
const script = 'console.log("the shell");'.repeat(100);
writeFileSync(join(site, 'static/js/index.abc123.js'), script);
writeFileSync(join(site, 'static/js/index.abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(site, 'static/js/index.abc123.js.gz'), gzipSync(script));
writeFileSync(join(site, 'remotes/login/1.0.0/mf-manifest.json'), '{}');
writeFileSync(join(site, 'remotes/login/1.0.0/remoteEntry.js'), 'x');
writeFileSync(join(site, 'remotes/login/1.0.0/static/js/a.1.js'), 'x');
writeFileSync(join(site, 'remotes/login/1.0.0/server/remoteEntry.js'), 'module.exports = {}');
writeFileSync(join(site, 'prerendered/login/index.html'), '<html><body><h1>Log in, for a static host</h1></body></html>');

const strength = createStrengthPool();
afterAll(() => strength.close());
const app = createTestApp({
  publicDir: site,
  strength,
});
const get = (path: string, headers: Record<string, string> = {}) => app.request(`/public/${path}`, { headers });

describe('cache headers', () => {
  it.each([
    ['remotes.json', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    // A version folder is never overwritten (ADR 014): its manifest and entry are as immutable as its chunks.
    ['remotes/login/1.0.0/mf-manifest.json', 'public, max-age=31536000, immutable'],
    ['remotes/login/1.0.0/remoteEntry.js', 'public, max-age=31536000, immutable'],
    ['static/js/index.abc123.js', 'public, max-age=31536000, immutable'],
    ['remotes/login/1.0.0/static/js/a.1.js', 'public, max-age=31536000, immutable'],
  ])('%s: %s', async (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
    expect((await get(path)).headers.get('Cache-Control')).toBe(expected);
  });
});

describe('the site’s files', () => {
  it('sends the Brotli copy to a visitor who accepts it, else the gzip one, else the file itself', async () => {
    const path = 'static/js/index.abc123.js';
    const brotli = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    expect(brotli.headers.get('Vary')).toContain('Accept-Encoding');
    expect(Number(brotli.headers.get('Content-Length'))).toBeLessThan(script.length / 5);
    expect((await get(path, { 'Accept-Encoding': 'gzip' })).headers.get('Content-Encoding')).toBe('gzip');
    const plain = await get(path);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers a repeated request with 304 by its ETag, one per encoding', async () => {
    const path = 'static/js/index.abc123.js';
    const first = await get(path, { 'Accept-Encoding': 'br' });
    const tag = first.headers.get('ETag');
    expect(tag).toBeTruthy();
    expect((await get(path, { 'Accept-Encoding': 'br', 'If-None-Match': tag as string })).status).toBe(304);
    expect((await get(path, { 'Accept-Encoding': 'gzip' })).headers.get('ETag')).not.toBe(tag);
  });

  it('gives a HEAD request the ETag of the same GET, and answers its If-None-Match', async () => {
    const path = 'remotes/login/1.0.0/remoteEntry.js';
    const tag = (await get(path)).headers.get('ETag');
    const head = await app.request(`/public/${path}`, { method: 'HEAD' });
    expect(head.headers.get('ETag')).toBe(tag);
    expect((await app.request(`/public/${path}`, { method: 'HEAD', headers: { 'If-None-Match': tag as string } })).status).toBe(304);
  });

  it('gives a file renamed into place a new ETag, even with the same size', async () => {
    const tag = (await get('remotes.json')).headers.get('ETag');
    writeFileSync(join(site, 'remotes.json.next'), '[]');
    renameSync(join(site, 'remotes.json.next'), join(site, 'remotes.json'));
    expect((await get('remotes.json')).headers.get('ETag')).not.toBe(tag);
  });

  it('treats a route param with a dot as a page, not an asset', async () => {
    expect(isAppPath('forgotten/ada@example.com')).toBe(true);
    expect((await get('forgotten/ada@example.com')).headers.get('Content-Type')).toContain('text/html');
  });

  it('answers 404 for a missing asset, never the page', async () => {
    expect(isAppPath('favicon.ico')).toBe(false);
    for (const path of ['static/js/gone.js', 'remotes/login/9.9.9/mf-manifest.json', 'remotes/login/9.9.9']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('keeps server builds to the server, and static hosts’ pages to them', async () => {
    expect((await get('remotes/login/1.0.0/server/remoteEntry.js')).status).toBe(404);
    expect((await get('server/index.mjs')).status).toBe(404);
    expect((await get('prerendered/login/index.html')).status).toBe(404);
    expect((await get('prerendered/login/')).status).toBe(404);
  });

  it('never leaves the site folder', async () => {
    for (const path of ['../../etc/passwd', '%2e%2e/%2e%2e/etc/passwd', '..%2f..%2fetc/passwd']) {
      const response = await app.request(`/public/static/${path}`);
      expect(response.status, path).not.toBe(200);
    }
  });
});

describe('isFile', () => {
  it('tells a file of the site from a page, a folder, a path below a file and one outside the site', () => {
    expect(isFile(site, 'index.html')).toBe(true);
    expect(isFile(site, 'static/js/index.abc123.js')).toBe(true);
    expect(isFile(site, 'login')).toBe(false);
    expect(isFile(site, 'forgotten/ada@example.com')).toBe(false);
    expect(isFile(site, 'static')).toBe(false);
    expect(isFile(site, 'index.html/login')).toBe(false);
    expect(isFile(site, '../site-other/index.html')).toBe(false);
  });
});
