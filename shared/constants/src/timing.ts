const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const RELEASE_POLL_INTERVAL_MS = 60 * SECOND_MS;

/** A user who saw the update toast longer ago than this (or never) gets the blocking alert instead. */
export const RELEASE_ALERT_THRESHOLD_MS = 8 * HOUR_MS;

export const BROWSER_BANNER_DISMISSAL_MAX_AGE_MS = 7 * DAY_MS;

export const SESSION_ID_COOKIE_MAX_AGE_MS = 30 * DAY_MS;
export const SESSION_ID_LENGTH = 32;

export const CURRENT_USER_CACHE_MS = 60 * SECOND_MS;

/** The spec says "30" without a unit; read as seconds, the query library's usual scale for stale time. */
export const QUERY_STALE_TIME_MS = 30 * SECOND_MS;
export const QUERY_REFETCH_ON_WINDOW_FOCUS = false;

export const GET_RETRY_COUNT = 3;
/** Below this status a failed GET is the caller's fault and retrying cannot help. */
export const GET_RETRY_MIN_STATUS = 500;

/** Backoff of 2^n seconds shared by GET retries and module loads; `retryIndex` counts from 0. */
export const retryDelayMs = (retryIndex: number): number => 2 ** retryIndex * SECOND_MS;

export const MODULE_LOAD_RETRY_COUNT = 3;
export const MODULE_LOAD_RETRY_DELAYS_MS = [1 * SECOND_MS, 2 * SECOND_MS, 4 * SECOND_MS] as const;

/** The replay recorder loads asynchronously; these bound how long anything waits for it. */
export const RECORDER_WAIT_TIMEOUT_MS = 10_000;
export const RECORDER_POLL_INTERVAL_MS = 500;

export const CAPTCHA_IFRAME_REMOVAL_DELAY_MS = 5000;

export const SCROLL_THROTTLE_MS = 500;
