import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CONSENT_REQUIRED_COUNTRIES, toVisitor, visitorRoutes } from './visitor.ts';

/** As siteContext marks it: a request from one of the configured proxies, or from anywhere else. */
const appVia = (trusted: boolean) =>
  new Hono()
    .use('*', async (c, next) => {
      c.set('viaTrustedProxy', trusted);
      await next();
    })
    .route('/app-metadata', visitorRoutes({ countryHeader: 'cloudfront-viewer-country' }));
const app = appVia(true);

const visitor = (headers: Record<string, string> = {}) => app.request('/app-metadata/visitor', { headers });

describe('GET /app-metadata/visitor', () => {
  it('answers the country from the configured header and whether consent must be asked, uncached', async () => {
    const response = await visitor({ 'CloudFront-Viewer-Country': 'FR' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ country: 'FR', eu: true });
  });

  it('says eu false outside the EU, EEA and UK', async () => {
    expect(await (await visitor({ 'cloudfront-viewer-country': 'US' })).json()).toEqual({ country: 'US', eu: false });
  });

  it('answers unknown without the header, and ignores other country headers', async () => {
    expect(await (await visitor()).json()).toEqual({ country: null, eu: null });
    expect(await (await visitor({ 'x-country-code': 'US' })).json()).toEqual({ country: null, eu: null });
  });

  it('believes the header only from a configured proxy: anyone else could claim any country', async () => {
    const direct = await appVia(false).request('/app-metadata/visitor', { headers: { 'CloudFront-Viewer-Country': 'US' } });
    expect(await direct.json()).toEqual({ country: null, eu: null });
  });
});

describe('toVisitor', () => {
  it.each([
    ['DE', { country: 'DE', eu: true }],
    [' gb ', { country: 'GB', eu: true }],
    ['NO', { country: 'NO', eu: true }],
    ['RE', { country: 'RE', eu: true }],
    ['CH', { country: 'CH', eu: false }],
    ['US', { country: 'US', eu: false }],
    ['XK', { country: 'XK', eu: false }],
  ])('reads %j as a country', (header, expected) => {
    expect(toVisitor(header)).toEqual(expected);
  });

  // An unknown country is asked for consent by the shell, so nothing unknown may pass as "not EU".
  it.each([undefined, '', 'F', 'FRA', 'F1', 'T1', 'XX', 'ZZ', 'EU', 'UK', 'A1', '<script>'])(
    'reads %j as unknown',
    (header) => {
      expect(toVisitor(header)).toEqual({ country: null, eu: null });
    },
  );

  it('lists the 27 EU states, their regions with own codes, the rest of the EEA and the UK', () => {
    expect(CONSENT_REQUIRED_COUNTRIES.size).toBe(27 + 7 + 3 + 1);
    for (const code of CONSENT_REQUIRED_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});
