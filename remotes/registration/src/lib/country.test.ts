import { describe, expect, it } from 'vitest';
import { countryRules, defaultLocaleFor, formatPrice, localeParam, yearGroupLabel } from './country.ts';
import { CURRENCIES } from '@entry/constants';
import { LOCALE, US_LOCALE } from '@entry/i18n';

describe('countryRules', () => {
  it('reads en-gb by default and en-us when asked, in any case', () => {
    expect(countryRules(undefined)).toMatchObject({ country: 'GB', currency: 'gbp' });
    expect(countryRules('EN-US')).toMatchObject({ country: 'US', currency: 'usd' });
    expect(countryRules('fr-fr')).toBeNull();
  });

  it('gives GB its five subjects and every year group, US its four subjects and no year 6 plus', () => {
    expect(countryRules('en-gb')?.subjects).toEqual(['english', 'verbal_reasoning', 'maths', 'non_verbal_reasoning', 'science']);
    expect(countryRules('en-gb')?.yearGroups).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 100, 7, 8, 9, 10, 11, 12]);
    expect(countryRules('en-us')?.subjects).toEqual([
      'verbal_reasoning_us',
      'quantitative_reasoning_us',
      'reading_comprehension_us',
      'mathematics_achievement_us',
    ]);
    expect(countryRules('en-us')?.yearGroups).not.toContain(100);
  });

  it('leaves the default locale out of URLs', () => {
    expect(localeParam('en-gb')).toBeNull();
    expect(localeParam('en-us')).toBe('en-us');
    expect(localeParam('en-us', 'en-us')).toBeNull();
    expect(localeParam('en-gb', 'en-us')).toBe('en-gb');
  });

  it('defaults to the US for a visitor there, to the UK for anyone else', () => {
    expect(defaultLocaleFor('US')).toBe('en-us');
    for (const country of ['GB', 'FR', 'CA', null]) expect(defaultLocaleFor(country)).toBe('en-gb');
    expect(countryRules(undefined, 'en-us')).toMatchObject({ country: 'US', currency: 'usd' });
    expect(countryRules('en-gb', 'en-us')).toMatchObject({ country: 'GB' });
  });
});

describe('yearGroupLabel', () => {
  it('names UK years and US grades', () => {
    expect(yearGroupLabel('GB', -1)).toEqual({ key: 'yearGroups.gb.nursery' });
    expect(yearGroupLabel('GB', 100)).toEqual({ key: 'yearGroups.gb.year_6_plus' });
    expect(yearGroupLabel('GB', 6)).toEqual({ key: 'yearGroups.gb.year', number: 6 });
    expect(yearGroupLabel('US', 0)).toEqual({ key: 'yearGroups.us.reception' });
    expect(yearGroupLabel('US', 3)).toEqual({ key: 'yearGroups.us.year', number: 3 });
  });
});

describe('formatPrice', () => {
  it('writes each country’s price in its own money, from the shared plan figures', () => {
    const gb = countryRules('en-gb');
    const us = countryRules('en-us');
    expect(gb && formatPrice(gb.price, gb.language)).toBe('£19.99');
    expect(us && formatPrice(us.price, us.language)).toBe('$24.99');
    expect(gb?.price.period).toBe('month');
  });

  it('keeps minor units exact and follows currencies without them', () => {
    expect(formatPrice({ currency: 'eur', amountMinor: 1000, period: 'year' }, 'en-GB')).toBe('€10.00');
    expect(formatPrice({ currency: 'gbp', amountMinor: 5, period: 'month' }, 'en-GB')).toBe('£0.05');
  });

  it('writes every currency as Intl does in both languages, thousands included', () => {
    for (const language of [LOCALE, US_LOCALE] as const) {
      for (const currency of CURRENCIES) {
        for (const amountMinor of [0, 5, 1999, 2499, 100000, 123456789]) {
          const intl = new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(amountMinor / 100);
          expect(formatPrice({ currency, amountMinor, period: 'month' }, language)).toBe(intl);
        }
      }
    }
  });
});
