/** The <script> and <link> start tags of an HTML document. */
const TAG = /<(script|link)\b([^>]*)>/gi;
const NEEDS_NONCE_REL = /\brel\s*=\s*["']?(?:stylesheet|modulepreload|preload)\b/i;
const HAS_NONCE = /\bnonce\s*=/i;

/**
 * An HTML document cut where each response's Content-Security-Policy nonce goes:
 * `nonceSlots(html).join(nonce)` is `withCspNonce(html, nonce)`. A page sent to many visitors is cut
 * once; each answer then only joins its own nonce in (ADR 012: one nonce per response).
 */
export const nonceSlots = (html: string): string[] => {
  const slots: string[] = [];
  let text = '';
  let from = 0;
  for (const { 0: tag, 1: name = '', 2: attributes = '', index } of html.matchAll(TAG)) {
    if (HAS_NONCE.test(attributes)) continue;
    if (name.toLowerCase() === 'link' && !NEEDS_NONCE_REL.test(attributes)) continue;
    const selfClosing = attributes.endsWith('/');
    const rest = selfClosing ? attributes.slice(0, -1).trimEnd() : attributes;
    slots.push(`${text}${html.slice(from, index)}<${name}${rest} nonce="`);
    text = `"${selfClosing ? ' /' : ''}>`;
    from = index + tag.length;
  }
  slots.push(`${text}${html.slice(from)}`);
  return slots;
};

/**
 * Gives every script of an HTML document, and every stylesheet or preload link, this response's
 * Content-Security-Policy nonce. The one place the HTML the server sends is made CSP-ready: the
 * static index.html today, the server renderer's output tomorrow. The nonce is base64, so it needs
 * no escaping inside the attribute.
 */
export const withCspNonce = (html: string, nonce: string): string => nonceSlots(html).join(nonce);
