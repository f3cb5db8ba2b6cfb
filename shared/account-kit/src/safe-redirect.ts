/**
 * The `redirect` value a visitor arrives with, made safe to follow: only a path on this site, over
 * http(s). Everything else (another host, a scheme such as javascript: or data:, a protocol-relative
 * `//host`, a backslash or a control character that browsers strip or turn into a slash) is refused.
 */
export const safeRedirect = (raw: string | null | undefined, origin: string): string | null => {
  if (!raw) return null;
  // Tabs and newlines vanish when a browser parses a URL ("/\t/evil.com" becomes "//evil.com"), and
  // "\" counts as "/": refuse them rather than guess what the browser will make of them.
  if ([...raw].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const relative = raw.startsWith('/') && !raw.startsWith('//');
  if (!relative && !/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
