import { storeHook } from '@entry/auth';
import { createStore } from 'zustand/vanilla';
import { HIDE_COOKIE_CONSENT_BANNER_PARAM } from '@entry/constants';
import { readSavedConsent, writeConsentCookie } from './consent-cookies.ts';
import { type ConsentAction, consentReducer, type ConsentState, initialConsentState, needsRegion } from './consent-state.ts';
import { getVisitor } from './get-visitor.ts';

/**
 * What a page composed on the server knew of the visitor's consent (SPEC section 4): the saved or
 * legacy choice from their cookies and, without one, their region from the edge's country header.
 * The browser starts from it, so the banner the server rendered is the one it hydrates.
 */
export type KnownConsent = ConsentState & { imported: boolean; bannerHidden: boolean };

/** The consent a request shows: its cookies, the edge's verdict (`eu`, null when unknown) and its query. */
export const knownConsent = ({ cookies, eu, search }: { cookies: string; eu: boolean | null; search: string }): KnownConsent => {
  const { choice, imported } = readSavedConsent(cookies);
  const state = initialConsentState(choice);
  return {
    ...(needsRegion(state) ? consentReducer(state, { type: 'regionKnown', eu }) : state),
    imported,
    bannerHidden: new URLSearchParams(search).has(HIDE_COOKIE_CONSENT_BANNER_PARAM),
  };
};

type ConsentStore = ConsentState & {
  started: boolean;
  /** `?hideCookieConsentBanner` on the first page: the banner stays away for the page's life. */
  bannerHidden: boolean;
  preferencesOpen: boolean;
  /** Reads the saved or legacy choice and, without one, looks up the visitor's region. Once per page. */
  start: (search: string) => void;
  /** Starts from what the server knew (a composed page): nothing to look up. */
  resume: (known: KnownConsent) => void;
  /** SPEC section 4: a choice is saved (GTMConsentCookie), makes consent READY and closes the dialog. */
  choose: (action: Exclude<ConsentAction, { type: 'regionKnown' }>) => void;
  setPreferencesOpen: (open: boolean) => void;
};

const consentStore = createStore<ConsentStore>()((set, get) => ({
  ...initialConsentState(null),
  started: false,
  bannerHidden: false,
  preferencesOpen: false,
  start: (search) => {
    if (get().started) return;
    const { choice, imported } = readSavedConsent();
    // The legacy cookie is read once: from now on the choice lives where the tag manager looks.
    if (choice && imported) writeConsentCookie(choice);
    set({
      ...initialConsentState(choice),
      started: true,
      bannerHidden: new URLSearchParams(search).has(HIDE_COOKIE_CONSENT_BANNER_PARAM),
    });
    if (needsRegion(get())) {
      void getVisitor().then(({ eu }) => set((state) => consentReducer(state, { type: 'regionKnown', eu })));
    }
  },
  resume: ({ choice, region, imported, bannerHidden }) => {
    if (choice && imported) writeConsentCookie(choice);
    set({ choice, region, bannerHidden, started: true });
  },
  choose: (action) => {
    const next = consentReducer(get(), action);
    if (next.choice) writeConsentCookie(next.choice);
    set({ ...next, preferencesOpen: false });
  },
  setPreferencesOpen: (open) => set({ preferencesOpen: open }),
}));

/**
 * The page's one consent state: it outlives the banner, which is not mounted in the assessments
 * portal. On the server it renders the consent the server read (storeHook), and the browser
 * hydrates from the same, resumed first.
 */
export const useConsentStore = storeHook(consentStore);
