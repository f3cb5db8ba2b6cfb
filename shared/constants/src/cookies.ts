export const COOKIE_CATEGORIES = ['necessary', 'analytics', 'advertisement', 'functionality'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** The cookie-consent payload: one flag per category. */
export type CookieConsent = Readonly<Record<CookieCategory, boolean>>;

/** `necessary` cannot be refused, so the consent UI never offers it as a choice. */
export const ALWAYS_ON_COOKIE_CATEGORIES = ['necessary'] as const satisfies readonly CookieCategory[];

/** An EU visitor with no saved choice gets only what the site cannot run without. */
export const EU_DEFAULT_COOKIE_CONSENT = {
  necessary: true,
  analytics: false,
  advertisement: false,
  functionality: false,
} as const satisfies CookieConsent;

/** "Accept all", and the assumed choice of a visitor outside the EU who has saved none. */
export const ALL_COOKIES_CONSENT = {
  necessary: true,
  analytics: true,
  advertisement: true,
  functionality: true,
} as const satisfies CookieConsent;

/** PENDING only while an EU visitor has not chosen; the banner shows in that state. */
export const COOKIE_CONSENT_STATES = ['PENDING', 'READY'] as const;
export type CookieConsentState = (typeof COOKIE_CONSENT_STATES)[number];

/** Named for the tag manager, which reads the choice from this cookie. */
export const CONSENT_COOKIE_NAME = 'GTMConsentCookie';

/** Earlier choices were stored here as `category:flag` pairs separated by commas; read once and imported. */
export const LEGACY_CONSENT_COOKIE_NAME = '__hs_cookie_cat_pref';

/** Lets embedding pages and automated checks suppress the banner. */
export const HIDE_COOKIE_CONSENT_BANNER_PARAM = 'hideCookieConsentBanner';

export const COOKIE_BANNER_MOBILE_BREAKPOINT_PX = 450;
