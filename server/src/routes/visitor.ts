import { Hono, type Context } from 'hono';

/**
 * Where cookie consent must be asked before anything optional is stored: the GDPR applies in the EU and
 * the EEA, the UK GDPR in the United Kingdom. EU outermost regions and Åland have codes of their own.
 * Switzerland is not here: its data protection law does not require opt-in consent for cookies.
 */
export const CONSENT_REQUIRED_COUNTRIES: ReadonlySet<string> = new Set([
  // The 27 EU member states.
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'],
  ...['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  // Parts of EU member states with their own ISO code.
  ...['AX', 'GF', 'GP', 'MQ', 'RE', 'YT', 'MF'],
  // The rest of the EEA, and the UK.
  ...['IS', 'LI', 'NO', 'GB'],
]);

const ALPHA_2 = /^[A-Z]{2}$/;
// Codes that name no country: ISO's user-assigned ranges (CDNs send XX or ZZ for "unknown") and the
// reserved EU, EZ, UN and UK, which geo databases send now and then.
const NOT_A_COUNTRY = /^(AA|Q[M-Z]|X[A-JL-Z]|ZZ|EU|EZ|UN|UK)$/;

export type Visitor = { country: string | null; eu: boolean | null };

/** The edge's header value as an ISO 3166-1 alpha-2 code, or null when it is missing or names no country. */
export const toVisitor = (header: string | undefined): Visitor => {
  const code = header?.trim().toUpperCase() ?? '';
  if (!ALPHA_2.test(code) || NOT_A_COUNTRY.test(code)) return { country: null, eu: null };
  return { country: code, eu: CONSENT_REQUIRED_COUNTRIES.has(code) };
};

/**
 * What the edge says of the request's visitor. Anyone can send a country header: it is believed only
 * on a request that came through one of our proxies (TRUSTED_PROXIES), which set it themselves.
 */
export const visitorOf = (c: Context, countryHeader: string): Visitor =>
  toVisitor(c.get('viaTrustedProxy') ? c.req.header(countryHeader) : undefined);

/**
 * GET /visitor: the country the edge (CDN) saw the request come from, and whether cookie consent must be
 * asked there. Unknown answers `{ country: null, eu: null }`; the shell then asks, as for the EU.
 */
export const visitorRoutes = ({ countryHeader }: { countryHeader: string }) => {
  const routes = new Hono();
  routes.get('/visitor', (c) => {
    // Per visitor: no shared cache may keep one visitor's country for another.
    c.header('Cache-Control', 'no-store');
    return c.json(visitorOf(c, countryHeader));
  });
  return routes;
};
