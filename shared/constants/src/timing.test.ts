import { describe, expect, it } from 'vitest';
import * as timing from './timing.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

describe('timing', () => {
  it.each([
    ['RELEASE_POLL_INTERVAL_MS', 60 * SECOND],
    ['RELEASE_ALERT_THRESHOLD_MS', 8 * HOUR],
    ['BROWSER_BANNER_DISMISSAL_MAX_AGE_MS', 7 * DAY],
    ['SESSION_ID_COOKIE_MAX_AGE_MS', 30 * DAY],
    ['SESSION_ID_LENGTH', 32],
    ['CURRENT_USER_CACHE_MS', 60 * SECOND],
    ['QUERY_STALE_TIME_MS', 30 * SECOND],
    ['QUERY_REFETCH_ON_WINDOW_FOCUS', false],
    ['GET_RETRY_COUNT', 3],
    ['GET_RETRY_MIN_STATUS', 500],
    ['MODULE_LOAD_RETRY_COUNT', 3],
    ['RECORDER_WAIT_TIMEOUT_MS', 10_000],
    ['RECORDER_POLL_INTERVAL_MS', 500],
    ['CAPTCHA_IFRAME_REMOVAL_DELAY_MS', 5000],
    ['SCROLL_THROTTLE_MS', 500],
  ] as const)('%s is %s', (name, expected) => {
    expect(timing[name]).toBe(expected);
  });

  it('retries module loads after 1, 2 and 4 s, the same 2^n backoff as GET retries', () => {
    expect(timing.MODULE_LOAD_RETRY_DELAYS_MS).toEqual([1000, 2000, 4000]);
    expect(timing.MODULE_LOAD_RETRY_DELAYS_MS).toHaveLength(timing.MODULE_LOAD_RETRY_COUNT);
    expect([0, 1, 2].map(timing.retryDelayMs)).toEqual(timing.MODULE_LOAD_RETRY_DELAYS_MS);
  });

  it('every duration is a whole, positive number of milliseconds', () => {
    for (const [name, value] of Object.entries(timing)) {
      if (name.endsWith('_MS') && typeof value === 'number') {
        expect(Number.isInteger(value) && value > 0, name).toBe(true);
      }
    }
  });
});
