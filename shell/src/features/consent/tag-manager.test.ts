import { ALL_COOKIES_CONSENT, EU_DEFAULT_COOKIE_CONSENT } from '@entry/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const GTM_ID = 'GTM-AB12CD3';
const GTM_SRC = `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`;

/** The module remembers per page that it pushed the defaults, so each test gets a fresh copy. */
const load = async () => {
  vi.resetModules();
  return import('./tag-manager.ts');
};

/** gtag commands are `arguments` objects; as arrays they compare readably. */
const isArguments = (entry: unknown) => Object.prototype.toString.call(entry) === '[object Arguments]';
const commands = () =>
  (window.dataLayer ?? []).map((entry) => (isArguments(entry) ? Array.from(entry as ArrayLike<unknown>) : entry));

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
};

beforeEach(() => {
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('Consent Mode signals', () => {
  it('deny everything optional by default, once per page, as gtag arguments', async () => {
    const { pushConsentDefaults } = await load();
    pushConsentDefaults();
    pushConsentDefaults();
    expect(commands()).toEqual([['consent', 'default', DENIED]]);
    expect(isArguments(window.dataLayer?.[0])).toBe(true);
  });

  it('map each category to its Consent Mode v2 storage types on update', async () => {
    const { pushConsentUpdate } = await load();
    pushConsentUpdate({ necessary: true, analytics: true, advertisement: false, functionality: true });
    expect(commands()).toEqual([
      [
        'consent',
        'update',
        {
          ...DENIED,
          analytics_storage: 'granted',
          functionality_storage: 'granted',
          personalization_storage: 'granted',
        },
      ],
    ]);
  });

  it('grant the ad signals with advertisement', async () => {
    const { toConsentSignals } = await load();
    expect(toConsentSignals({ ...EU_DEFAULT_COOKIE_CONSENT, advertisement: true })).toEqual({
      ...DENIED,
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });
});

describe('tagManagerToLoad', () => {
  it.each([
    ['atom, analytics', 'atom', { ...EU_DEFAULT_COOKIE_CONSENT, analytics: true }, GTM_ID],
    ['atom, advertisement', 'atom', { ...EU_DEFAULT_COOKIE_CONSENT, advertisement: true }, GTM_ID],
    ['atom, everything', 'atom', ALL_COOKIES_CONSENT, GTM_ID],
    ['atom, only necessary', 'atom', EU_DEFAULT_COOKIE_CONSENT, undefined],
    ['atom, only functionality', 'atom', { ...EU_DEFAULT_COOKIE_CONSENT, functionality: true }, undefined],
    ['quest, everything', 'quest', ALL_COOKIES_CONSENT, undefined],
  ] as const)('%s: %s', async (_case, brand, consent, expected) => {
    const { tagManagerToLoad } = await load();
    expect(tagManagerToLoad({ brand, gtmId: GTM_ID, consent })).toBe(expected);
  });

  it('loads nothing without a container id', async () => {
    const { tagManagerToLoad } = await load();
    expect(tagManagerToLoad({ brand: 'atom', gtmId: undefined, consent: ALL_COOKIES_CONSENT })).toBeUndefined();
  });
});

describe('loadTagManager', () => {
  it('injects the container script once, after the gtm.js start event', async () => {
    const { loadTagManager, pushConsentDefaults } = await load();
    pushConsentDefaults();
    loadTagManager(GTM_ID);
    loadTagManager(GTM_ID);
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((script) => script.src)).toEqual([GTM_SRC]);
    expect(scripts[0]?.async).toBe(true);
    expect(commands()).toEqual([['consent', 'default', DENIED], { 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });
});
