import { useEffect } from 'react';
import { addTranslations } from '@entry/i18n';
import { addressCarriesSecret, useLocation } from '@entry/routes';
import { useBrand } from '@entry/ui';
import { env } from '../../app/env.ts';
import { consentTexts } from '../../locales/consent-en-gb.ts';
import { ConsentBanner } from './consent-banner.tsx';
import { ConsentPreferences } from './consent-preferences.tsx';
import { consentStatus, grantedCategories, showsBanner } from './consent-state.ts';
import { useConsentStore } from './consent-store.ts';
import { loadTagManager, pushConsentDefaults, pushConsentUpdate, tagManagerToLoad } from './tag-manager.ts';
import './cookie-consent.css';

addTranslations('consent', consentTexts);

/**
 * Cookie consent (SPEC sections 4 and 9), atom only and outside the assessments portal (mounted so by
 * the shell's overlays): the banner while an EU visitor has not chosen, the preferences dialog, and the
 * tag manager, which is told every choice and loads only once analytics or advertisement is granted.
 * `quiet` holds the banner and dialog back while a test is under way.
 */
export const CookieConsent = ({ quiet = false }: { quiet?: boolean }) => {
  const brand = useBrand();
  const { choice, region, bannerHidden, preferencesOpen, start, choose, setPreferencesOpen } = useConsentStore();
  const state = { choice, region };
  const status = consentStatus(state);
  const granted = grantedCategories(state);
  const { pathname, search } = useLocation();
  // A reset token or access code in the address must be gone before any tag can read the address.
  const addressIsClean = !addressCarriesSecret(pathname, search);

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
      {!quiet && showsBanner(state, bannerHidden) && (
        <ConsentBanner
          onAcceptAll={() => choose({ type: 'acceptAll' })}
          onRejectAll={() => choose({ type: 'rejectAll' })}
          onPreferences={() => setPreferencesOpen(true)}
        />
      )}
      {!quiet && preferencesOpen && (
        <ConsentPreferences
          granted={granted}
          onSave={(choice) => choose({ type: 'save', choice })}
          onClose={() => setPreferencesOpen(false)}
        />
      )}
    </>
  );
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
