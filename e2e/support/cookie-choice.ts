import type { BrowserContext } from '@playwright/test';

/**
 * A visitor who has already answered the cookie banner (a saved choice in GTMConsentCookie, SPEC
 * section 9), so the banner stays out of the way of a journey that is not about it.
 */
export const answerCookieBanner = (context: BrowserContext, baseURL: string | undefined) =>
  context.addCookies([
    {
      name: 'GTMConsentCookie',
      value: encodeURIComponent(JSON.stringify({ necessary: true, analytics: false, advertisement: false, functionality: false })),
      url: baseURL,
    },
  ]);
