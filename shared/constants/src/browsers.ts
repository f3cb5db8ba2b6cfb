/**
 * Oldest supported version of each browser, keyed by the names user-agent parsers report, for the
 * unsupported-browser banner. Versions are strings because they compare part by part (15.10 is newer
 * than 15.4), not as decimals. Build targets read the same floor from the root `.browserslistrc`; a test
 * keeps the two equal.
 */
export const MIN_BROWSER_VERSIONS = {
  Chrome: '111',
  Firefox: '128',
  Edge: '111',
  Safari: '15.4',
  'Mobile Safari': '15.4',
} as const;
export type SupportedBrowser = keyof typeof MIN_BROWSER_VERSIONS;
