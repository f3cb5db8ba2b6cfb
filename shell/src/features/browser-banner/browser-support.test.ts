import { getUserAgentRegex } from 'browserslist-useragent-regexp';
import { describe, expect, it } from 'vitest';
import { dismissalCookie, isBannerDismissed, isSupportedBrowser } from './browser-support.ts';

// The pattern the build defines, made the same way from the root .browserslistrc.
const pattern = getUserAgentRegex({ allowHigherVersions: true, path: `${import.meta.dirname}/../../../..` }).source;

const CHROME = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const FIREFOX = (version: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;
const IPHONE = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${version.replace('.', '_')} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version} Mobile/15E148 Safari/604.1`;

describe('isSupportedBrowser (minimums of SPEC section 9)', () => {
  it.each([CHROME(111), CHROME(156), FIREFOX(128), FIREFOX(140), IPHONE('15.4'), IPHONE('17.2')])('supports %s', (userAgent) => {
    expect(isSupportedBrowser(userAgent, pattern)).toBe(true);
  });

  it.each([CHROME(110), CHROME(100), FIREFOX(127), IPHONE('15.2'), 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)'])('does not support %s', (userAgent) => {
    expect(isSupportedBrowser(userAgent, pattern)).toBe(false);
  });
});

describe('dismissal', () => {
  it('lasts a week in a cookie', () => {
    expect(dismissalCookie()).toBe('unsupportedBrowserDismissed=1; Max-Age=604800; Path=/; SameSite=Lax');
    expect(isBannerDismissed('a=1; unsupportedBrowserDismissed=1')).toBe(true);
    expect(isBannerDismissed('a=1')).toBe(false);
  });
});
