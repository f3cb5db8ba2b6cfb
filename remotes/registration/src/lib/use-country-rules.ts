import { useParams, useVisitorCountry } from '@entry/routes';
import { countryRules, defaultLocaleFor, type CountryRules, type RegistrationLocale } from './country.ts';

/** The locale a URL without one means for this visitor: the US's for a visitor the edge places there. */
export const useDefaultLocale = (): RegistrationLocale => defaultLocaleFor(useVisitorCountry());

/** The rules of the current URL's `:locale` (the visitor's default without one), or null for a locale we do not offer. */
export const useCountryRules = (): CountryRules | null => countryRules(useParams().locale, useDefaultLocale());
