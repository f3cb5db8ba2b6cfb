/**
 * The one redirect check (ASVS 5.0 V3.7.2, OWASP Unvalidated Redirects): every place that follows a
 * `redirect` value (login, Google sign-in, the forgotten-password link, registration, the server's
 * signed-in page) asks this. The value is parsed and normalised the way a browser will, then judged
 * by what it became: only a path on this site survives, returned in its normal form. So `/.//evil.com`,
 * `/%2e//evil.com` and `/public/../..//evil.com`, which a browser normalises to `//evil.com`, another
 * host, are refused like `//evil.com` itself.
 */
export const safeRedirect = (raw: string | null | undefined, origin: string): string | null => {
  if (!raw) return null;
  // Tabs and newlines vanish when a browser parses a URL ("/\t/evil.com" becomes "//evil.com"), and
  // "\" counts as "/": refuse them rather than guess what the browser will make of them.
  if ([...raw].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const relative = raw.startsWith('/') && !raw.startsWith('//');
  if (!relative && !/^https?:\/\//i.test(raw)) return null;
  const site = new URL(origin).origin;
  const parsed = parse(raw, site);
  if (parsed?.origin !== site) return null;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // What was normalised must still be a path that stays here when it is followed as it is.
  if (path.startsWith('//') || parse(path, site)?.origin !== site) return null;
  return path;
};

/** URL.parse, which the oldest browsers we support (Safari 15.4) lack. */
const parse = (url: string, base: string): URL | null => {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
};

/** Google's flow hands the redirect back encoded: decode once, then apply the same rule. */
export const safeDecodedRedirect = (raw: string | null | undefined, origin: string): string | null => {
  if (!raw) return null;
  try {
    return safeRedirect(decodeURIComponent(raw), origin);
  } catch {
    return null;
  }
};
