import { useEffect, useState } from 'react';
import { addTranslations } from '@entry/i18n';
import { addressCarriesSecret, useLocation } from '@entry/routes';
import { useBrand, useInExamMode } from '@entry/ui';
import { env } from '../../app/env.ts';
import { consentTexts } from '../../locales/consent-en-gb.ts';
import { type BannerAnswer, ConsentBanner, ConsentConfirmation } from './consent-banner.tsx';
import type { ConsentAction } from './consent-state.ts';
import { ConsentPreferences } from './consent-preferences.tsx';
import { consentStatus, grantedCategories, showsBanner } from './consent-state.ts';
import { useConsentStore } from './consent-store.ts';
import { loadTagManager, pushConsentDefaults, pushConsentUpdate, tagManagerToLoad } from './tag-manager.ts';
import './cookie-consent.css';

addTranslations('consent', consentTexts);

/**
 * Cookie consent (SPEC sections 4 and 9), atom only and outside the assessments portal (mounted so,
 * at the top of the page, by the shell's layout): the banner while an EU visitor has not chosen, then what
 * they chose; the preferences dialog; and the tag manager, which is told every choice and loads only
 * once analytics or advertisement is granted. `quiet` holds the banner and dialog back while a test
 * is under way.
 */
export const CookieConsent = ({ quiet, mainId }: { quiet: boolean; mainId: string }) => {
  const brand = useBrand();
  const { choice, region, bannerHidden, preferencesOpen, start, choose, setPreferencesOpen } = useConsentStore();
  const state = { choice, region };
  const status = consentStatus(state);
  const granted = grantedCategories(state);
  const { pathname, search } = useLocation();
  // A reset token or access code in the address must be gone before any tag can read the address.
  const addressIsClean = !addressCarriesSecret(pathname, search);
  const bannerShown = !quiet && showsBanner(state, bannerHidden);
  // A choice made while the banner asked is said back where the banner was (not one from the footer).
  const [answered, setAnswered] = useState<BannerAnswer | null>(null);
  const answer = (action: Exclude<ConsentAction, { type: 'regionKnown' }>) => {
    if (bannerShown) setAnswered(action.type);
    choose(action);
  };

  useEffect(() => {
    // Before anything can load, the tag manager's defaults deny everything optional.
    pushConsentDefaults();
    // The query of the page the visitor arrived on decides about the banner, not later navigations.
    start(window.location.search);
  }, [start]);

  useEffect(() => {
    if (status !== 'READY') return;
    pushConsentUpdate(granted);
    const gtmId = tagManagerToLoad({ brand, gtmId: env.gtmId, consent: granted });
    if (gtmId && addressIsClean) loadTagManager(gtmId);
  }, [brand, status, granted, addressIsClean]);

  return (
    <>
      {bannerShown && (
        <ConsentBanner
          onAcceptAll={() => answer({ type: 'acceptAll' })}
          onRejectAll={() => answer({ type: 'rejectAll' })}
          onPreferences={() => setPreferencesOpen(true)}
        />
      )}
      {!quiet && answered && (
        <ConsentConfirmation
          answer={answered}
          onHide={() => {
            setAnswered(null);
            // The message had the focus: it goes on to the screen, as the skip link would take it.
            document.getElementById(mainId)?.focus();
          }}
        />
      )}
      {!quiet && preferencesOpen && (
        <ConsentPreferences
          granted={granted}
          onSave={(choice) => answer({ type: 'save', choice })}
          onClose={() => setPreferencesOpen(false)}
        />
      )}
    </>
  );
};

/**
 * The site's consent, first on every page (its layout mounts it right after the skip link). The assessments
 * portal sits outside cookie consent (SPEC section 2); a taster test under way is not interrupted by
 * the banner either: it would lead off the page. Until the visitor chooses, only necessary cookies are
 * used, so asking after the test loses nothing. `mainId`: where the focus goes once the message is hidden.
 */
export const SiteConsent = ({ mainId }: { mainId: string }) => {
  const brand = useBrand();
  const { pathname } = useLocation();
  const exam = useInExamMode();
  if (pathname.startsWith('/assessments/')) return null;
  // Quest asks no consent (SPEC section 1); its privacy notice's "Cookie settings" opens the choices alone.
  if (brand !== 'atom') return <CookieChoices />;
  return <CookieConsent quiet={exam} mainId={mainId} />;
};

/**
 * The cookie choices alone, where no consent is asked (the quest brand, SPEC section 1): the privacy
 * notice's "Cookie settings" opens them, and a choice is kept as in atom.
 */
export const CookieChoices = () => {
  const { choice, region, preferencesOpen, choose, setPreferencesOpen } = useConsentStore();
  if (!preferencesOpen) return null;
  return (
    <ConsentPreferences
      granted={grantedCategories({ choice, region })}
      onSave={(saved) => choose({ type: 'save', choice: saved })}
      onClose={() => setPreferencesOpen(false)}
    />
  );
};
