import { describe, expect, it } from 'vitest';
import { decideReleaseNotice, isIgnoredRoute } from './release-notice-state.ts';

const HOUR = 60 * 60 * 1000;
const base = { running: 'r1', latest: 'r2', development: false, ignoredRoute: false, lastAlertAt: null, now: 100 * HOUR };

describe('decideReleaseNotice', () => {
  it('shows nothing when the running version is the latest, in development, on ignored routes, or without an answer', () => {
    expect(decideReleaseNotice({ ...base, latest: 'r1' })).toBe('none');
    expect(decideReleaseNotice({ ...base, development: true })).toBe('none');
    expect(decideReleaseNotice({ ...base, ignoredRoute: true })).toBe('none');
    expect(decideReleaseNotice({ ...base, latest: null })).toBe('none');
  });

  it('alerts when the alert was never shown or over 8 hours ago', () => {
    expect(decideReleaseNotice(base)).toBe('alert');
    expect(decideReleaseNotice({ ...base, lastAlertAt: base.now - 8 * HOUR - 1 })).toBe('alert');
  });

  it('toasts when the alert was shown within 8 hours', () => {
    expect(decideReleaseNotice({ ...base, lastAlertAt: base.now - 8 * HOUR })).toBe('toast');
    expect(decideReleaseNotice({ ...base, lastAlertAt: base.now - 60_000 })).toBe('toast');
  });
});

describe('isIgnoredRoute', () => {
  it('spares tests under way', () => {
    expect(isIgnoredRoute('/assessments/entrance/CODE')).toBe(true);
    expect(isIgnoredRoute('/taster/oakwood/test/7')).toBe(true);
    expect(isIgnoredRoute('/taster/oakwood')).toBe(false);
    expect(isIgnoredRoute('/login')).toBe(false);
  });
});
