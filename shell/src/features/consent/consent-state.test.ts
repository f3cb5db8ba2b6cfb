import { ALL_COOKIES_CONSENT, EU_DEFAULT_COOKIE_CONSENT } from '@entry/constants';
import { describe, expect, it } from 'vitest';
import {
  type ConsentAction,
  consentReducer,
  type ConsentState,
  consentStatus,
  grantedCategories,
  initialConsentState,
  needsRegion,
  normaliseChoice,
  showsBanner,
} from './consent-state.ts';

const SAVED = { necessary: true, analytics: true, advertisement: false, functionality: true } as const;

const run = (state: ConsentState, ...actions: ConsentAction[]) => actions.reduce(consentReducer, state);
const summary = (state: ConsentState, hiddenByQuery = false) => ({
  status: consentStatus(state),
  granted: grantedCategories(state),
  banner: showsBanner(state, hiddenByQuery),
});

describe('consent state', () => {
  it('with no choice, waits for the region: PENDING, only necessary, no banner yet', () => {
    const state = initialConsentState(null);
    expect(needsRegion(state)).toBe(true);
    expect(summary(state)).toEqual({ status: 'PENDING', granted: EU_DEFAULT_COOKIE_CONSENT, banner: false });
  });

  it('in the EU with no choice: PENDING, only necessary, the banner asks', () => {
    const state = run(initialConsentState(null), { type: 'regionKnown', eu: true });
    expect(summary(state)).toEqual({ status: 'PENDING', granted: EU_DEFAULT_COOKIE_CONSENT, banner: true });
  });

  it('treats an unknown country as the EU', () => {
    const state = run(initialConsentState(null), { type: 'regionKnown', eu: null });
    expect(summary(state)).toEqual({ status: 'PENDING', granted: EU_DEFAULT_COOKIE_CONSENT, banner: true });
  });

  it('outside the EU with no choice: READY with every category granted, no banner', () => {
    const state = run(initialConsentState(null), { type: 'regionKnown', eu: false });
    expect(summary(state)).toEqual({ status: 'READY', granted: ALL_COOKIES_CONSENT, banner: false });
  });

  it('with a saved choice: READY with that choice, and the region is not needed', () => {
    const state = initialConsentState(SAVED);
    expect(needsRegion(state)).toBe(false);
    expect(summary(state)).toEqual({ status: 'READY', granted: SAVED, banner: false });
  });

  it('accept all turns every category on and makes it READY', () => {
    const state = run(initialConsentState(null), { type: 'regionKnown', eu: true }, { type: 'acceptAll' });
    expect(summary(state)).toEqual({ status: 'READY', granted: ALL_COOKIES_CONSENT, banner: false });
  });

  it('reject all keeps only necessary and makes it READY', () => {
    const state = run(initialConsentState(null), { type: 'regionKnown', eu: true }, { type: 'rejectAll' });
    expect(summary(state)).toEqual({ status: 'READY', granted: EU_DEFAULT_COOKIE_CONSENT, banner: false });
  });

  it('saving preferences stores exactly the choice, necessary forced on', () => {
    const state = run(
      initialConsentState(null),
      { type: 'regionKnown', eu: true },
      { type: 'save', choice: { necessary: false, analytics: false, advertisement: true } },
    );
    expect(summary(state)).toEqual({
      status: 'READY',
      granted: { necessary: true, analytics: false, advertisement: true, functionality: false },
      banner: false,
    });
  });

  it('a later choice replaces an earlier one, also outside the EU', () => {
    const state = run(initialConsentState(SAVED), { type: 'regionKnown', eu: false }, { type: 'rejectAll' });
    expect(grantedCategories(state)).toEqual(EU_DEFAULT_COOKIE_CONSENT);
  });

  it('keeps the banner away with hideCookieConsentBanner, while the choice stays pending', () => {
    const state = run(initialConsentState(null), { type: 'regionKnown', eu: true });
    expect(summary(state, true)).toEqual({ status: 'PENDING', granted: EU_DEFAULT_COOKIE_CONSENT, banner: false });
  });

  it('normalises any partial choice to the four categories', () => {
    expect(normaliseChoice({})).toEqual(EU_DEFAULT_COOKIE_CONSENT);
    expect(normaliseChoice({ functionality: true })).toEqual({ ...EU_DEFAULT_COOKIE_CONSENT, functionality: true });
  });
});
