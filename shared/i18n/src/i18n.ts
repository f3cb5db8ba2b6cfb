import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALE = 'en-GB';
/** US English: a screen for US families (sign-up for the US) asks for it; what it does not say differently comes from en-GB. */
export const US_LOCALE = 'en-US';
export type Locale = typeof LOCALE | typeof US_LOCALE;

type MissingKeyReporter = (key: string, namespace: string) => void;
let reportMissingKey: MissingKeyReporter = () => undefined;

/** Production shows the key itself and reports it through this hook (telemetry plugs in here). */
export const onMissingKey = (reporter: MissingKeyReporter): void => {
  reportMissingKey = reporter;
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: LOCALE,
  // Only US English falls back (to en-GB): a key missing in en-GB is a missing key.
  fallbackLng: { [US_LOCALE]: [LOCALE], default: [] },
  resources: {} satisfies Resource,
  interpolation: { escapeValue: false },
  initAsync: false,
  saveMissing: true,
  missingKeyHandler: (_languages, namespace, key) => {
    if (import.meta.env.DEV) throw new Error(`Missing translation: ${namespace}:${key}`);
    reportMissingKey(key, namespace);
  },
});

/** Adds the texts of one namespace (the shell's or a remote's): en-GB, or en-US where it differs. */
export const addTranslations = (namespace: string, resources: ResourceLanguage[string], locale: Locale = LOCALE): void => {
  i18n.addResourceBundle(locale, namespace, resources, true, true);
};
