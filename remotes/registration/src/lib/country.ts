import { LOCALE, US_LOCALE, type Locale } from '@entry/i18n';
import {
  isOneOf,
  PLAN_PRICES,
  PLAN_PURPOSES_BY_COUNTRY,
  SUBJECTS,
  US_SUBJECTS,
  YEAR_GROUP_IDS,
  YEAR_GROUPS_BY_AGE,
  type Country,
  type Currency,
  type PlanPrice,
  type PlanPurpose,
} from '@entry/constants';

/** The `:locale` of /register: it picks the country's subjects, year groups and currency. */
export const REGISTRATION_LOCALES = ['en-gb', 'en-us'] as const;
export type RegistrationLocale = (typeof REGISTRATION_LOCALES)[number];
export const DEFAULT_LOCALE: RegistrationLocale = 'en-gb';

export type CountryRules = {
  locale: RegistrationLocale;
  /** The English the screens speak: US families read US spelling and terms. */
  language: Locale;
  country: Country;
  currency: Currency;
  /** What a plan costs after its trial there. */
  price: PlanPrice;
  plans: readonly PlanPurpose[];
  subjects: readonly string[];
  /** In the order the form lists them (by age). */
  yearGroups: readonly number[];
};

/** The server holds the same table (server/src/registration/countries.ts) and enforces it. */
const RULES: Record<RegistrationLocale, CountryRules> = {
  'en-gb': {
    locale: 'en-gb',
    language: LOCALE,
    country: 'GB',
    currency: PLAN_PRICES.GB.currency,
    price: PLAN_PRICES.GB,
    plans: PLAN_PURPOSES_BY_COUNTRY.GB,
    subjects: SUBJECTS,
    yearGroups: YEAR_GROUPS_BY_AGE,
  },
  // "Year 6 plus" is the English 11-plus cohort; US schools have no such year.
  'en-us': {
    locale: 'en-us',
    language: US_LOCALE,
    country: 'US',
    currency: PLAN_PRICES.US.currency,
    price: PLAN_PRICES.US,
    plans: PLAN_PURPOSES_BY_COUNTRY.US,
    subjects: US_SUBJECTS,
    yearGroups: YEAR_GROUPS_BY_AGE.filter((year) => year !== YEAR_GROUP_IDS.year_6_plus),
  },
};

/** The locale of a URL without one: the visitor's country's where we offer it (the US), else the UK's. */
export const defaultLocaleFor = (visitorCountry: string | null): RegistrationLocale => (visitorCountry === 'US' ? 'en-us' : DEFAULT_LOCALE);

/** The rules for a URL's locale: none means the visitor's default (en-gb unless told); an unknown one, null. */
export const countryRules = (locale: string | undefined, fallback: RegistrationLocale = DEFAULT_LOCALE): CountryRules | null => {
  const wanted = locale?.toLowerCase() ?? fallback;
  return isOneOf(REGISTRATION_LOCALES, wanted) ? RULES[wanted] : null;
};

/** The locale as a route parameter: left out when it is the visitor's default, so most URLs stay short. */
export const localeParam = (locale: RegistrationLocale, fallback: RegistrationLocale = DEFAULT_LOCALE): string | null =>
  locale === fallback ? null : locale;

/** The other country's locale: "Not in the US? Change" goes there. */
export const otherLocale = (locale: RegistrationLocale): RegistrationLocale => (locale === 'en-gb' ? 'en-us' : 'en-gb');

const NAME_OF_ID = Object.fromEntries(Object.entries(YEAR_GROUP_IDS).map(([name, id]) => [id, name]));

/** The i18n key and values that name a year group in a country (UK years, US grades). */
export const yearGroupLabel = (country: Country, yearGroup: number): { key: string; number?: number } => {
  const scheme = country === 'US' ? 'yearGroups.us' : 'yearGroups.gb';
  const name = NAME_OF_ID[yearGroup];
  if (name === 'nursery' || name === 'reception' || name === 'year_6_plus') return { key: `${scheme}.${name}` };
  return { key: `${scheme}.year`, number: yearGroup };
};

/** The sign each language writes before an amount of each currency, as Intl's currency format does. */
const CURRENCY_SIGNS: Record<Locale, Record<Currency, string>> = {
  'en-GB': { gbp: '£', usd: 'US$', eur: '€' },
  'en-US': { gbp: '£', usd: '$', eur: '€' },
};

/**
 * A plan's price as the country writes money: £19.99, $24.99 (minor units to the currency's own).
 * Not through Intl.NumberFormat on purpose: building a currency formatter loads ICU's currency data,
 * about 19 ms of a desktop's CPU and 75 ms of a phone's in the middle of the sign-up's start (issue 23).
 * English writes each of these currencies with its sign before, two decimals and commas between
 * thousands; the unit tests hold this to Intl's output for every language and currency.
 */
export const formatPrice = ({ currency, amountMinor }: PlanPrice, language: Locale): string => {
  const [units, cents] = (amountMinor / 100).toFixed(2).split('.') as [string, string];
  return `${CURRENCY_SIGNS[language][currency]}${units.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
};
