import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { serialiseConsentCookie } from './consent-cookies.ts';
import { showsBanner } from './consent-state.ts';
import { knownConsent, useConsentStore } from './consent-store.ts';

const SAVED = { necessary: true, analytics: true, advertisement: false, functionality: true } as const;
const savedCookie = `GTMConsentCookie=${serialiseConsentCookie(SAVED)}`;

describe('the consent a request shows the server', () => {
  it('asks a visitor in the EU, or one the edge does not place, who has not chosen', () => {
    for (const eu of [true, null]) {
      const known = knownConsent({ cookies: '', eu, search: '' });
      expect(known).toEqual({ choice: null, region: 'eu', imported: false, bannerHidden: false });
      expect(showsBanner(known, known.bannerHidden)).toBe(true);
    }
  });

  it('does not ask elsewhere, nor a visitor who chose, saved or in the legacy cookie', () => {
    expect(knownConsent({ cookies: '', eu: false, search: '' })).toMatchObject({ choice: null, region: 'elsewhere' });
    const saved = knownConsent({ cookies: `other=1; ${savedCookie}`, eu: true, search: '' });
    expect(saved).toEqual({ choice: SAVED, region: null, imported: false, bannerHidden: false });
    expect(showsBanner(saved, false)).toBe(false);
    const legacy = knownConsent({ cookies: '__hs_cookie_cat_pref=1:true,2:false,3:true', eu: true, search: '' });
    expect(legacy).toMatchObject({ choice: SAVED, imported: true });
  });

  it('keeps the banner away on ?hideCookieConsentBanner', () => {
    expect(knownConsent({ cookies: '', eu: true, search: '?hideCookieConsentBanner=true' }).bannerHidden).toBe(true);
  });
});

describe('useConsentStore', () => {
  afterEach(() => useConsentStore.setState(useConsentStore.getInitialState()));

  it('renders on the server the state it was given, not the initial one', () => {
    const Region = () => <>{useConsentStore((state) => state.region) ?? 'unknown'}</>;
    expect(renderToString(<Region />)).toBe('unknown');
    useConsentStore.setState({ region: 'eu' });
    expect(renderToString(<Region />)).toBe('eu');
  });

  it('resumes what the server knew without a lookup, writing an imported choice as the saved cookie', () => {
    useConsentStore.getState().resume({ choice: SAVED, region: null, imported: true, bannerHidden: false });
    expect(useConsentStore.getState()).toMatchObject({ choice: SAVED, started: true });
    expect(document.cookie).toContain(savedCookie);
    // Started: the browser's own start reads and asks nothing more.
    useConsentStore.getState().start('');
    expect(useConsentStore.getState().choice).toEqual(SAVED);
  });
});
