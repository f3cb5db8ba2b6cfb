import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALE = 'en-GB';

type MissingKeyReporter = (key: string, namespace: string) => void;
let reportMissingKey: MissingKeyReporter = () => undefined;

/** Production shows the key itself and reports it through this hook (telemetry plugs in here). */
export const onMissingKey = (reporter: MissingKeyReporter): void => {
  reportMissingKey = reporter;
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: false,
  resources: {} satisfies Resource,
  interpolation: { escapeValue: false },
  initAsync: false,
  saveMissing: true,
  missingKeyHandler: (_languages, namespace, key) => {
    if (import.meta.env.DEV) throw new Error(`Missing translation: ${namespace}:${key}`);
    reportMissingKey(key, namespace);
  },
});

/** Adds the en-GB texts of one namespace (the shell's or a remote's). */
export const addTranslations = (namespace: string, resources: ResourceLanguage[string]): void => {
  i18n.addResourceBundle(LOCALE, namespace, resources, true, true);
};
