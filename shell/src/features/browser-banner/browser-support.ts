import { BROWSER_BANNER_DISMISSAL_MAX_AGE_MS } from '@entry/constants';

export const BROWSER_BANNER_COOKIE = 'unsupportedBrowserDismissed';

export const isSupportedBrowser = (userAgent: string, pattern: string = import.meta.env.SUPPORTED_BROWSERS): boolean =>
  new RegExp(pattern).test(userAgent);

export const isBannerDismissed = (cookies: string): boolean =>
  cookies.split('; ').some((pair) => pair.startsWith(`${BROWSER_BANNER_COOKIE}=`));

/** SPEC section 4: dismissal is remembered in a cookie for a week. */
export const dismissalCookie = (): string =>
  `${BROWSER_BANNER_COOKIE}=1; Max-Age=${BROWSER_BANNER_DISMISSAL_MAX_AGE_MS / 1000}; Path=/; SameSite=Lax`;
