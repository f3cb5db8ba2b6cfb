/** The <script> and <link> start tags of an HTML document. */
const TAG = /<(script|link)\b([^>]*)>/gi;
const NEEDS_NONCE_REL = /\brel\s*=\s*["']?(?:stylesheet|modulepreload|preload)\b/i;
const HAS_NONCE = /\bnonce\s*=/i;

/**
 * Gives every script of an HTML document, and every stylesheet or preload link, this response's
 * Content-Security-Policy nonce. The one place the HTML the server sends is made CSP-ready: the
 * static index.html today, the server renderer's output tomorrow. The nonce is base64, so it needs
 * no escaping inside the attribute.
 */
export const withCspNonce = (html: string, nonce: string): string =>
  html.replace(TAG, (tag: string, name: string, attributes: string) => {
    if (HAS_NONCE.test(attributes)) return tag;
    if (name.toLowerCase() === 'link' && !NEEDS_NONCE_REL.test(attributes)) return tag;
    const selfClosing = attributes.endsWith('/');
    const rest = selfClosing ? attributes.slice(0, -1).trimEnd() : attributes;
    return `<${name}${rest} nonce="${nonce}"${selfClosing ? ' /' : ''}>`;
  });
