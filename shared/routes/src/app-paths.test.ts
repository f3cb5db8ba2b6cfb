import { describe, expect, it } from 'vitest';
import { appPathPattern } from './app-paths.ts';

describe('appPathPattern', () => {
  const matches = (path: string) => new RegExp(appPathPattern()).test(path);

  it('matches every route of the table, with or without its optional parts and a trailing slash', () => {
    for (const path of [
      '/public',
      '/public/',
      '/public/login',
      '/public/login/',
      '/public/forgotten',
      '/public/forgotten/ada%40example.com',
      '/public/reset/t0k3n/staff',
      '/public/register/parent/en-us',
      '/public/taster/oakwood/test/7',
      '/public/assessments/entrance-2027/ABC123',
      '/public/unsubscribe/t/1',
      '/public/oakwood-entrance',
    ]) {
      expect(matches(path), path).toBe(true);
    }
  });

  it('matches no address deeper than a route, outside /public, or a file of the site', () => {
    for (const path of ['/public/no/such/page', '/public/taster/oakwood/nope/7', '/public/login/extra', '/login', '/publicity', '/public/static/js/missing.js']) {
      expect(matches(path), path).toBe(false);
    }
  });
});
