/** The <script> and <link> start tags of an HTML document. */
const TAG = /<(script|link)\b([^>]*)>/gi;
const NEEDS_NONCE_REL = /\brel\s*=\s*["']?(?:stylesheet|modulepreload|preload)\b/i;
const HAS_NONCE = /\bnonce\s*=/i;

/**
 * An HTML document cut where each response's Content-Security-Policy nonce goes: every script, and
 * every stylesheet or preload link, without a nonce of its own. `nonceSlots(html).join(nonce)` is the
 * document as one response sends it. The one place the HTML the server sends is made CSP-ready; a page
 * sent to many visitors is cut once, and each answer only joins its own nonce in (ADR 012: one nonce
 * per response). The nonce is base64, so it needs no escaping inside the attribute.
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
