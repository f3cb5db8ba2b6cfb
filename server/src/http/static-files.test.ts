import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCspNonce } from './csp-nonce.ts';
import { cacheControlFor, isAppPath, serveFile } from './static-files.ts';

const site = mkdtempSync(join(tmpdir(), 'site-'));
mkdirSync(join(site, 'static/js'), { recursive: true });
mkdirSync(join(site, 'remotes/login/1.0.0/static/js'), { recursive: true });
writeFileSync(join(site, 'index.html'), '<html><script src="/public/static/js/index.abc123.js"></script></html>');
writeFileSync(join(site, 'remotes.json'), '{}');
writeFileSync(join(site, 'static/js/index.abc123.js'), 'x');
writeFileSync(join(site, 'remotes/login/1.0.0/mf-manifest.json'), '{}');
writeFileSync(join(site, 'remotes/login/1.0.0/remoteEntry.js'), 'x');
writeFileSync(join(site, 'remotes/login/1.0.0/static/js/a.1.js'), 'x');

describe('cache headers', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['remotes.json', 'no-cache'],
    ['remotes/login/1.0.0/mf-manifest.json', 'no-cache'],
    ['remotes/login/1.0.0/remoteEntry.js', 'no-cache'],
    ['static/js/index.abc123.js', 'public, max-age=31536000, immutable'],
    ['remotes/login/1.0.0/static/js/a.1.js', 'public, max-age=31536000, immutable'],
  ])('%s: %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
    expect(serveFile(site, path, 'GET', (html) => withCspNonce(html, 'n0nce'))?.headers.get('Cache-Control')).toBe(expected);
  });
});

describe('serveFile', () => {
  it('falls back to index.html for a deep link the app owns', async () => {
    const response = serveFile(site, 'taster/oakwood/test/7', 'GET', (html) => withCspNonce(html, 'n0nce'));
    expect(response?.headers.get('Content-Type')).toContain('text/html');
    expect(await response?.text()).toBe('<html><script src="/public/static/js/index.abc123.js" nonce="n0nce"></script></html>');
  });

  it('treats a route param with a dot as a page, not an asset', () => {
    expect(isAppPath('forgotten/ada@example.com')).toBe(true);
    expect(serveFile(site, 'forgotten/ada@example.com', 'GET', (html) => withCspNonce(html, 'n0nce'))?.headers.get('Content-Type')).toContain('text/html');
  });

  it('answers nothing for a missing asset instead of the page', () => {
    expect(isAppPath('favicon.ico')).toBe(false);
    expect(isAppPath('static/js/gone.js')).toBe(false);
    expect(serveFile(site, 'static/js/gone.js', 'GET', (html) => withCspNonce(html, 'n0nce'))).toBeNull();
    expect(serveFile(site, 'remotes/login/9.9.9/mf-manifest.json', 'GET', (html) => withCspNonce(html, 'n0nce'))).toBeNull();
    expect(serveFile(site, 'remotes/login/9.9.9', 'GET', (html) => withCspNonce(html, 'n0nce'))).toBeNull();
  });

  it('never leaves the site folder', () => {
    expect(serveFile(site, '../../etc/passwd', 'GET', (html) => withCspNonce(html, 'n0nce'))).toBeNull();
    expect(serveFile(site, '%2e%2e/%2e%2e/etc/passwd', 'GET', (html) => withCspNonce(html, 'n0nce'))).toBeNull();
  });
});
