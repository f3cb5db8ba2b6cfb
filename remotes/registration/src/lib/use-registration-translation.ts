import { LOCALE, useTranslation } from '@entry/i18n';
import { useCountryRules } from './use-country-rules.ts';

/**
 * The registration texts in the English of the URL's country: en-US for `/register/.../en-us`, where
 * US families read US plans, spelling and terms; en-GB everywhere else (and for a locale not offered).
 */
export const useRegistrationTranslation = () => useTranslation('registration', { lng: useCountryRules()?.language ?? LOCALE });
