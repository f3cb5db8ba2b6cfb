import {
  COOKIE_CATEGORIES,
  CONSENT_COOKIE_NAME,
  type CookieCategory,
  type CookieConsent,
  LEGACY_CONSENT_COOKIE_NAME,
} from '@entry/constants';
import { normaliseChoice } from './consent-state.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** HubSpot numbered its categories; necessary has no number as it cannot be refused. */
const LEGACY_CATEGORY_IDS: Readonly<Record<string, CookieCategory>> = {
  '1': 'analytics',
  '2': 'advertisement',
  '3': 'functionality',
};

const decode = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/** GTMConsentCookie holds URL-encoded JSON with a boolean per category; anything else is no choice. */
export const parseConsentCookie = (value: string | undefined): CookieConsent | null => {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(decode(value) ?? '');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const flags = parsed as Record<string, unknown>;
    if (!COOKIE_CATEGORIES.every((category) => typeof flags[category] === 'boolean')) return null;
    return normaliseChoice(flags as CookieConsent);
  } catch {
    return null;
  }
};

export const serialiseConsentCookie = (consent: CookieConsent): string =>
  encodeURIComponent(JSON.stringify(normaliseChoice(consent)));

/** `__hs_cookie_cat_pref`, e.g. `1:true,2:false,3:true`; a category it does not mention stays off. */
export const parseLegacyConsentCookie = (value: string | undefined): CookieConsent | null => {
  const pairs = (value && decode(value)?.split(',')) || [];
  const choice: Partial<Record<CookieCategory, boolean>> = {};
  for (const pair of pairs) {
    const [id = '', flag = ''] = pair.trim().split(':');
    const category = LEGACY_CATEGORY_IDS[id];
    if (category && (flag === 'true' || flag === 'false')) choice[category] = flag === 'true';
  }
  return Object.keys(choice).length > 0 ? normaliseChoice(choice) : null;
};

export const readCookie = (name: string, cookies = document.cookie): string | undefined =>
  cookies
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** The saved choice, else the legacy one; `imported` says it still has to be written as GTMConsentCookie. */
export const readSavedConsent = (cookies = document.cookie): { choice: CookieConsent | null; imported: boolean } => {
  const saved = parseConsentCookie(readCookie(CONSENT_COOKIE_NAME, cookies));
  if (saved) return { choice: saved, imported: false };
  const legacy = parseLegacyConsentCookie(readCookie(LEGACY_CONSENT_COOKIE_NAME, cookies));
  return { choice: legacy, imported: legacy !== null };
};

/** One year for the whole site; Lax so that it arrives with a link followed from elsewhere. */
export const writeConsentCookie = (consent: CookieConsent): void => {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE_NAME}=${serialiseConsentCookie(consent)}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax${secure}`;
};
