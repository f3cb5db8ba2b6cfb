import { create } from 'zustand';
import { HIDE_COOKIE_CONSENT_BANNER_PARAM } from '@entry/constants';
import { readSavedConsent, writeConsentCookie } from './consent-cookies.ts';
import { type ConsentAction, consentReducer, type ConsentState, initialConsentState, needsRegion } from './consent-state.ts';
import { getVisitor } from './get-visitor.ts';

type ConsentStore = ConsentState & {
  started: boolean;
  /** `?hideCookieConsentBanner` on the first page: the banner stays away for the page's life. */
  bannerHidden: boolean;
  preferencesOpen: boolean;
  /** Reads the saved or legacy choice and, without one, looks up the visitor's region. Once per page. */
  start: (search: string) => void;
  /** SPEC section 4: a choice is saved (GTMConsentCookie), makes consent READY and closes the dialog. */
  choose: (action: Exclude<ConsentAction, { type: 'regionKnown' }>) => void;
  setPreferencesOpen: (open: boolean) => void;
};

/** The page's one consent state: it outlives the banner, which is not mounted in the assessments portal. */
export const useConsentStore = create<ConsentStore>()((set, get) => ({
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
  choose: (action) => {
    const next = consentReducer(get(), action);
    if (next.choice) writeConsentCookie(next.choice);
    set({ ...next, preferencesOpen: false });
  },
  setPreferencesOpen: (open) => set({ preferencesOpen: open }),
}));
