import { PLAN_PURPOSES_BY_COUNTRY, SUBJECTS, US_SUBJECTS, YEAR_GROUP_IDS, YEAR_GROUPS, type Country, type Currency, type PlanPurpose } from '@entry/constants';

/**
 * What the sign-up locale (the `:locale` of /register) decides. The registration remote holds the
 * same table for its forms; this copy is the one that is enforced.
 */
export const REGISTRATION_LOCALES = ['en-gb', 'en-us'] as const;
export type RegistrationLocale = (typeof REGISTRATION_LOCALES)[number];

type CountryRules = {
  country: Country;
  currency: Currency;
  plans: readonly PlanPurpose[];
  subjects: readonly string[];
  yearGroups: readonly number[];
};

export const COUNTRY_RULES: Record<RegistrationLocale, CountryRules> = {
  'en-gb': { country: 'GB', currency: 'gbp', plans: PLAN_PURPOSES_BY_COUNTRY.GB, subjects: SUBJECTS, yearGroups: YEAR_GROUPS },
  // "Year 6 plus" is the English 11-plus cohort; US schools have no such year.
  'en-us': {
    country: 'US',
    currency: 'usd',
    plans: PLAN_PURPOSES_BY_COUNTRY.US,
    subjects: US_SUBJECTS,
    yearGroups: YEAR_GROUPS.filter((year) => year !== YEAR_GROUP_IDS.year_6_plus),
  },
};
