import { describe, expect, it } from 'vitest';
import browserslistrc from '../../../.browserslistrc?raw';
import { MIN_BROWSER_VERSIONS } from './browsers.ts';

const BROWSERSLIST_NAMES = {
  Chrome: 'chrome',
  Firefox: 'firefox',
  Edge: 'edge',
  Safari: 'safari',
  'Mobile Safari': 'ios_saf',
} as const;

describe('minimum browsers', () => {
  it('matches the spec', () => {
    expect(MIN_BROWSER_VERSIONS).toEqual({
      Chrome: '111',
      Firefox: '128',
      Edge: '111',
      Safari: '15.4',
      'Mobile Safari': '15.4',
    });
  });

  it('agrees with the .browserslistrc the build targets', () => {
    const queries = browserslistrc
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const expected = Object.entries(MIN_BROWSER_VERSIONS).map(
      ([browser, version]) => `${BROWSERSLIST_NAMES[browser as keyof typeof BROWSERSLIST_NAMES]} >= ${version}`,
    );
    expect(queries.toSorted()).toEqual(expected.toSorted());
  });
});
