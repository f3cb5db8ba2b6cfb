import { describe, expect, it } from 'vitest';
import {
  ALL_COOKIES_CONSENT,
  ALWAYS_ON_COOKIE_CATEGORIES,
  COOKIE_BANNER_MOBILE_BREAKPOINT_PX,
  COOKIE_CATEGORIES,
  CONSENT_COOKIE_NAME,
  EU_DEFAULT_COOKIE_CONSENT,
  HIDE_COOKIE_CONSENT_BANNER_PARAM,
  LEGACY_CONSENT_COOKIE_NAME,
} from './cookies.ts';

describe('cookie consent', () => {
  it('has the four categories, necessary always on', () => {
    expect(COOKIE_CATEGORIES).toEqual(['necessary', 'analytics', 'advertisement', 'functionality']);
    expect(ALWAYS_ON_COOKIE_CATEGORIES).toEqual(['necessary']);
  });

  it('grants only necessary by default in the EU and everything on accept all', () => {
    expect(Object.keys(EU_DEFAULT_COOKIE_CONSENT)).toEqual([...COOKIE_CATEGORIES]);
    expect(Object.entries(EU_DEFAULT_COOKIE_CONSENT).filter(([, granted]) => granted)).toEqual([['necessary', true]]);
    expect(Object.keys(ALL_COOKIES_CONSENT)).toEqual([...COOKIE_CATEGORIES]);
    expect(Object.values(ALL_COOKIES_CONSENT).every(Boolean)).toBe(true);
  });

  it('spells the cookies, parameter and breakpoint as the spec does', () => {
    expect(CONSENT_COOKIE_NAME).toBe('GTMConsentCookie');
    expect(LEGACY_CONSENT_COOKIE_NAME).toBe('__hs_cookie_cat_pref');
    expect(HIDE_COOKIE_CONSENT_BANNER_PARAM).toBe('hideCookieConsentBanner');
    expect(COOKIE_BANNER_MOBILE_BREAKPOINT_PX).toBe(450);
  });
});
