import { type CookieConsent, EU_DEFAULT_COOKIE_CONSENT } from '@entry/constants';
import type { Brand } from '@entry/ui';

const GTM_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

type ConsentSignal = 'granted' | 'denied';
/** Google Consent Mode v2: the storage types tags ask about, and the two v2 added for ads. */
export type ConsentSignals = Record<
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'analytics_storage'
  | 'functionality_storage'
  | 'personalization_storage'
  | 'security_storage',
  ConsentSignal
>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const signal = (granted: boolean): ConsentSignal => (granted ? 'granted' : 'denied');

export const toConsentSignals = (consent: CookieConsent): ConsentSignals => ({
  ad_storage: signal(consent.advertisement),
  ad_user_data: signal(consent.advertisement),
  ad_personalization: signal(consent.advertisement),
  analytics_storage: signal(consent.analytics),
  functionality_storage: signal(consent.functionality),
  personalization_storage: signal(consent.functionality),
  security_storage: signal(consent.necessary),
});

/** The tag manager's own command format: it reads gtag commands only as `arguments` objects. */
function gtag(..._command: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params -- an array would be taken for a plain dataLayer event
  window.dataLayer.push(arguments);
}

let defaultsPushed = false;

/** Once per page, before any tag can load: everything but security storage is denied until told otherwise. */
export const pushConsentDefaults = (): void => {
  if (defaultsPushed) return;
  defaultsPushed = true;
  gtag('consent', 'default', toConsentSignals(EU_DEFAULT_COOKIE_CONSENT));
};

export const pushConsentUpdate = (consent: CookieConsent): void => {
  gtag('consent', 'update', toConsentSignals(consent));
};

type TagManagerInputs = { brand: Brand; gtmId: string | undefined; consent: CookieConsent };

/**
 * The container to load, if any. SPEC section 7: the tag manager is atom's only; it needs a configured
 * container and has nothing to do without analytics or advertisement consent.
 */
export const tagManagerToLoad = ({ brand, gtmId, consent }: TagManagerInputs): string | undefined =>
  brand === 'atom' && (consent.analytics || consent.advertisement) ? gtmId : undefined;

/** This page's Content-Security-Policy nonce, which the server put on every script it sent. */
const pageNonce = (): string => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';

/**
 * Injects GTM's script once; it reads the consent already in the data layer. It carries the page's
 * nonce, which GTM hands on to the tags it adds (Google's CSP guide for Tag Manager).
 */
export const loadTagManager = (gtmId: string): void => {
  const src = `${GTM_SCRIPT_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
  if (document.querySelector(`script[src="${src}"]`)) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.nonce = pageNonce();
  script.src = src;
  document.head.append(script);
};
