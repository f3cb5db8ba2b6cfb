import {
  ALL_COOKIES_CONSENT,
  COOKIE_CATEGORIES,
  type CookieConsent,
  type CookieConsentState,
  EU_DEFAULT_COOKIE_CONSENT,
} from '@entry/constants';

/** Where the visitor is, as far as consent goes: `eu` also stands for "unknown" (privacy first). */
export type ConsentRegion = 'eu' | 'elsewhere';

export type ConsentState = {
  /** The visitor's choice, saved or imported from the legacy cookie; null until they make one. */
  choice: CookieConsent | null;
  /** Null while the region is being looked up; only looked up when there is no choice. */
  region: ConsentRegion | null;
};

export type ConsentAction =
  /** The visitor lookup answered; `eu` null (country unknown) or a failed lookup counts as the EU. */
  | { type: 'regionKnown'; eu: boolean | null }
  | { type: 'acceptAll' }
  /** Only what the site cannot run without. */
  | { type: 'rejectAll' }
  | { type: 'save'; choice: Partial<CookieConsent> };

export const initialConsentState = (saved: CookieConsent | null): ConsentState => ({ choice: saved, region: null });

/** Necessary is always on, whatever a cookie or a form says; anything not said is off. */
export const normaliseChoice = (choice: Partial<CookieConsent>): CookieConsent => ({
  ...(Object.fromEntries(COOKIE_CATEGORIES.map((category) => [category, choice[category] === true])) as Record<
    keyof CookieConsent,
    boolean
  >),
  necessary: true,
});

export const consentReducer = (state: ConsentState, action: ConsentAction): ConsentState => {
  switch (action.type) {
    case 'regionKnown':
      return { ...state, region: action.eu === false ? 'elsewhere' : 'eu' };
    case 'acceptAll':
      return { ...state, choice: ALL_COOKIES_CONSENT };
    case 'rejectAll':
      return { ...state, choice: EU_DEFAULT_COOKIE_CONSENT };
    case 'save':
      return { ...state, choice: normaliseChoice(action.choice) };
  }
};

/** SPEC section 4: PENDING while a visitor in the EU has not chosen; READY otherwise. */
export const consentStatus = ({ choice, region }: ConsentState): CookieConsentState =>
  choice || region === 'elsewhere' ? 'READY' : 'PENDING';

/** What may be stored now: the choice; without one, everything outside the EU and only necessary in it. */
export const grantedCategories = ({ choice, region }: ConsentState): CookieConsent =>
  choice ?? (region === 'elsewhere' ? ALL_COOKIES_CONSENT : EU_DEFAULT_COOKIE_CONSENT);

/** The region matters only while there is no choice. */
export const needsRegion = ({ choice, region }: ConsentState): boolean => choice === null && region === null;

/** The banner asks only once the region is known, so a visitor outside the EU never sees it flash. */
export const showsBanner = (state: ConsentState, hiddenByQuery: boolean): boolean =>
  !hiddenByQuery && state.region !== null && consentStatus(state) === 'PENDING';
