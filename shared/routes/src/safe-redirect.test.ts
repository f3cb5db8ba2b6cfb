import { describe, expect, it } from 'vitest';
import { safeDecodedRedirect, safeRedirect } from './safe-redirect.ts';

const ORIGIN = 'https://site.com';

describe('safeRedirect', () => {
  it.each([
    ['/public/taster/oakwood', '/public/taster/oakwood'],
    ['/parent/dashboard?tab=2#top', '/parent/dashboard?tab=2#top'],
    ['https://site.com/public/register', '/public/register'],
    ['/public/../school', '/school'],
    ['/app?x=1', '/app?x=1'],
    ['/public/%2e%2e/app', '/app'],
    ['/%5Cevil.com', '/%5Cevil.com'],
  ])('follows %s', (raw, expected) => {
    expect(safeRedirect(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '%2F%2Fevil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://site.com.evil.com',
    'https://evil.com/public',
    'http://site.com:8080/x',
    'ftp://site.com/x',
    // The probe's payloads of issue 13, as they arrive after the query string is decoded.
    '/.//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/public/../..//evil.com',
    '/public/./..//evil.com',
    'https:evil.com',
    'https:/evil.com',
    'https://site.com//evil.com',
    'javascript:',
    'data:',
    '/\t/evil.com',
    '/\n/evil.com',
    '\t//evil.com',
    ' //evil.com',
    'evil.com',
    '',
    null,
    undefined,
  ])('refuses %j', (raw) => {
    expect(safeRedirect(raw, ORIGIN)).toBeNull();
  });
});

describe('safeDecodedRedirect', () => {
  it('decodes once before checking', () => {
    expect(safeDecodedRedirect('%2Fpublic%2Ftaster%2Foakwood', ORIGIN)).toBe('/public/taster/oakwood');
    expect(safeDecodedRedirect('%2F%2Fevil.com', ORIGIN)).toBeNull();
    expect(safeDecodedRedirect('%2F%5Cevil.com', ORIGIN)).toBeNull();
    expect(safeDecodedRedirect('%E0%A4%A', ORIGIN)).toBeNull();
  });
});
