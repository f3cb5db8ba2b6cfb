import { ALL_COOKIES_CONSENT, EU_DEFAULT_COOKIE_CONSENT } from '@entry/constants';
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseConsentCookie,
  parseLegacyConsentCookie,
  readCookie,
  readSavedConsent,
  serialiseConsentCookie,
  writeConsentCookie,
} from './consent-cookies.ts';

const CHOICE = { necessary: true, analytics: false, advertisement: true, functionality: false } as const;

const clearCookies = () => {
  for (const name of ['GTMConsentCookie', '__hs_cookie_cat_pref']) document.cookie = `${name}=; Max-Age=0; Path=/`;
};
afterEach(clearCookies);

describe('GTMConsentCookie', () => {
  it('holds URL-encoded JSON with the four categories, and reads back', () => {
    const value = serialiseConsentCookie(CHOICE);
    expect(decodeURIComponent(value)).toBe('{"necessary":true,"analytics":false,"advertisement":true,"functionality":false}');
    expect(value).not.toMatch(/[;,\s"]/);
    expect(parseConsentCookie(value)).toEqual(CHOICE);
  });

  it.each([undefined, '', 'yes', '%7B', '{}', 'null', '[true]', '{"necessary":true,"analytics":"yes"}'])(
    'is no choice when it holds %j',
    (value) => {
      expect(parseConsentCookie(value)).toBeNull();
    },
  );

  it('cannot turn necessary off', () => {
    const value = encodeURIComponent(JSON.stringify({ ...ALL_COOKIES_CONSENT, necessary: false }));
    expect(parseConsentCookie(value)).toEqual(ALL_COOKIES_CONSENT);
  });

  it('is written for the whole site and read back from document.cookie', () => {
    writeConsentCookie(CHOICE);
    expect(parseConsentCookie(readCookie('GTMConsentCookie'))).toEqual(CHOICE);
  });
});

describe('__hs_cookie_cat_pref', () => {
  it.each([
    ['1:true,2:false,3:true', { necessary: true, analytics: true, advertisement: false, functionality: true }],
    ['1:false,2:true,3:false', { necessary: true, analytics: false, advertisement: true, functionality: false }],
    ['1%3Atrue%2C2%3Atrue%2C3%3Atrue', ALL_COOKIES_CONSENT],
    [' 3:true , 1:false', { ...EU_DEFAULT_COOKIE_CONSENT, functionality: true }],
    ['1:true,9:true,2:maybe', { ...EU_DEFAULT_COOKIE_CONSENT, analytics: true }],
  ])('imports %j', (value, expected) => {
    expect(parseLegacyConsentCookie(value)).toEqual(expected);
  });

  it.each([undefined, '', 'true', '4:true', '1:yes', '%E0%A4%A'])('imports nothing from %j', (value) => {
    expect(parseLegacyConsentCookie(value)).toBeNull();
  });
});

describe('readSavedConsent', () => {
  it('finds no choice without either cookie', () => {
    expect(readSavedConsent()).toEqual({ choice: null, imported: false });
  });

  it('imports the legacy choice when GTMConsentCookie is absent', () => {
    document.cookie = '__hs_cookie_cat_pref=1:true,2:false,3:false; Path=/';
    expect(readSavedConsent()).toEqual({ choice: { ...EU_DEFAULT_COOKIE_CONSENT, analytics: true }, imported: true });
  });

  it('prefers GTMConsentCookie over the legacy cookie', () => {
    document.cookie = '__hs_cookie_cat_pref=1:true,2:true,3:true; Path=/';
    writeConsentCookie(EU_DEFAULT_COOKIE_CONSENT);
    expect(readSavedConsent()).toEqual({ choice: EU_DEFAULT_COOKIE_CONSENT, imported: false });
  });
});

describe('readCookie', () => {
  it('finds a cookie by its exact name', () => {
    expect(readCookie('a', 'xa=1; a=2; ab=3')).toBe('2');
    expect(readCookie('b', 'xa=1; a=2')).toBeUndefined();
  });
});
