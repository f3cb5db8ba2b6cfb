import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME, readSiteName } from '../http/site-name.ts';
import { resetMail } from './reset-mail.ts';
import { folderSite } from '../ssr/deployed-site.ts';

describe('the reset mail', () => {
  const mail = resetMail({ siteName: 'Atom Quest', link: 'https://learning.example/public/reset/abc', requestedAt: Date.UTC(2026, 10, 27, 23, 5) });

  it('comes from the brand, says when it was asked for in the site’s format, and what to do if it was not', () => {
    expect(mail.subject).toBe('Reset your Atom Quest password');
    expect(mail.body).toContain('Someone asked to reset the password of your Atom Quest account on 27/11/2026 at 23:05 (UTC).');
    expect(mail.body).toContain('open this link within an hour: https://learning.example/public/reset/abc');
    expect(mail.body).toContain('Didn’t ask? Ignore this email');
  });

  it('names no address, browser or place the request claimed', () => {
    expect(mail.body).not.toMatch(/\bIP\b|address|browser|device/i);
  });
});

describe('readSiteName', () => {
  it('reads the deployed shell’s manifest, and falls back to the default brand', () => {
    const folder = mkdtempSync(join(tmpdir(), 'site-name-'));
    expect(readSiteName(folderSite(folder))).toBe(DEFAULT_SITE_NAME);
    writeFileSync(join(folder, 'manifest.webmanifest'), JSON.stringify({ name: 'Atom Quest' }));
    expect(readSiteName(folderSite(folder))).toBe('Atom Quest');
    writeFileSync(join(folder, 'manifest.webmanifest'), '{ not json');
    expect(readSiteName(folderSite(folder))).toBe(DEFAULT_SITE_NAME);
  });
});
