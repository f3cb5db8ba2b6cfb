import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(
  join(publicDir, 'index.html'),
  '<html><head><link rel="stylesheet" href="/public/static/css/a.css"><script defer src="/public/static/js/a.js"></script></head><body></body></html>',
);
mkdirSync(join(publicDir, 'static', 'js'), { recursive: true });
writeFileSync(join(publicDir, 'static', 'js', 'a.js'), 'console.log(1)');
mkdirSync(join(publicDir, 'static', 'css'), { recursive: true });
writeFileSync(join(publicDir, 'static', 'css', 'a.css'), 'a{color:red}');
const db = openDatabase(':memory:');
const strength = createStrengthPool();
afterAll(() => strength.close());
const site = { publicOrigin: 'http://localhost', allowedOrigins: [], trustedProxies: [] };
const app = createApp({ publicDir, db, flagsPath: '/nonexistent', captchaSecret: 'x', strength, site });
const OUR_PAGE = { Origin: 'http://localhost', 'X-Requested-With': 'x' };

const directives = (policy: string | null) =>
  Object.fromEntries((policy ?? '').split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('Content-Security-Policy', () => {
  it('is strict and nonce-based, with a fresh nonce on every script of every page', async () => {
    const first = await app.request('/public/reset/t0k3n/staff');
    const second = await app.request('/public/login');
    const policy = directives(first.headers.get('Content-Security-Policy'));
    const nonce = /'nonce-([A-Za-z0-9+/=]{24})'/.exec(policy['script-src']?.join(' ') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(policy['script-src']).toContain("'strict-dynamic'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['report-uri']).toEqual(['/csp-reports']);
    const html = await first.text();
    expect(html).toContain(`<script defer src="/public/static/js/a.js" nonce="${nonce}">`);
    expect(html).toContain(`<link rel="stylesheet" href="/public/static/css/a.css" nonce="${nonce}">`);
    expect(await second.text()).not.toContain(nonce);
  });

  it('keeps violation reports of either format, with secrets taken out of the address', async () => {
    const legacy = { 'csp-report': { 'document-uri': 'http://localhost/public/magic/SECRET42?x=1', 'effective-directive': 'script-src-elem', 'blocked-uri': 'https://evil.example/x.js' } };
    const reportingApi = [{ type: 'csp-violation', body: { documentURL: 'http://localhost/public/login', effectiveDirective: 'img-src', blockedURL: 'data' } }];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await app.request('/csp-reports', { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body: JSON.stringify(legacy) })).status).toBe(204);
    expect((await app.request('/csp-reports', { method: 'POST', headers: { 'Content-Type': 'application/reports+json' }, body: JSON.stringify(reportingApi) })).status).toBe(204);
    warn.mockRestore();
    expect(db.prepare('SELECT document_uri, directive, blocked_uri FROM csp_reports ORDER BY id').all()).toEqual([
      { document_uri: 'http://localhost/public/magic/[Filtered]', directive: 'script-src-elem', blocked_uri: 'https://evil.example/x.js' },
      { document_uri: 'http://localhost/public/login', directive: 'img-src', blocked_uri: 'data' },
    ]);
  });
});

describe('other security headers', () => {
  it('sends no Referer from a page whose address carries a secret, and a strict one elsewhere', async () => {
    for (const path of ['/public/reset/t0k3n/staff', '/public/magic/ABC', '/public/report/ABC', '/public/assessments/exam/ABC', '/public/invitation?token=x']) {
      expect((await app.request(path)).headers.get('Referrer-Policy'), path).toBe('no-referrer');
    }
    expect((await app.request('/public/login')).headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('isolates the page (COOP same-origin), forbids framing and sniffing, and sends no HSTS over http', async () => {
    const page = await app.request('/public/login');
    expect(page.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(page.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('sends the headers that govern a document with documents, not with every script and stylesheet', async () => {
    for (const path of ['/public/static/js/a.js', '/public/static/css/a.css']) {
      const file = await app.request(path);
      expect(file.status, path).toBe(200);
      expect(file.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(file.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin');
      for (const name of ['Content-Security-Policy', 'Cross-Origin-Opener-Policy', 'X-Frame-Options', 'X-XSS-Protection']) {
        expect(file.headers.get(name), `${path} ${name}`).toBeNull();
      }
    }
    expect((await app.request('/public/login')).headers.get('Content-Security-Policy')).toContain("object-src 'none'");
  });
});

describe('requests the server refuses cleanly', () => {
  it('answers 415 to a JSON endpoint sent anything but JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await app.request('/ms_accounts/auth/login', { method: 'POST', headers: { ...OUR_PAGE, 'Content-Type': type }, body: 'username=a&password=b' });
      expect(answer.status, type).toBe(415);
    }
    const json = await app.request('/ms_accounts/auth/login', { method: 'POST', headers: { ...OUR_PAGE, 'Content-Type': 'application/json; charset=utf-8' }, body: '{}' });
    expect(json.status).toBe(400);
  });

  it.each(['/public/%E0%A4%A', '/public/reset/%ZZ/staff', '/ms_accounts/usernames/%', '/%c0%ae%c0%ae/'])('answers 400, not 500, to %s', async (path) => {
    const error = vi.spyOn(console, 'error');
    const answer = await app.request(path);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'Bad request: illegal arguments' });
    // A refusal is a response like any other: it carries the security headers too.
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('escapes control characters of a path in the log', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    await app.request('/ms_accounts/x%0D%0AGET%20/admin%20200%1B[31m');
    log.mockRestore();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('\\x0d\\x0aGET /admin 200\\x1b[31m');
    for (const control of ['\r', '\n', '\u001b']) expect(lines[0]).not.toContain(control);
  });
});
