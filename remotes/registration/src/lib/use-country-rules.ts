import { useParams } from '@entry/routes';
import { countryRules, type CountryRules } from './country.ts';

/** The rules of the current URL's `:locale` (en-gb without one), or null for a locale we do not offer. */
export const useCountryRules = (): CountryRules | null => countryRules(useParams().locale);
