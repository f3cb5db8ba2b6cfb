import { BASE_PATH } from '@entry/routes';
import type { SiteFiles } from './site-files.ts';

/** CSS as the text of a <style> element: nothing in it can close the element early. */
export const styleElementText = (css: string): string => css.replace(/<\/style/gi, '<\\/style');

/** A stylesheet this small costs more in a request of its own than in the page. */
export const INLINE_STYLE_MAX_BYTES = 8 * 1024;

const LINK = /<link\b[^>]*>/g;
const STYLESHEET_REL = /\brel="stylesheet"/;
const HREF = /\bhref="([^"]+)"/;

/** Stylesheets by address: their names carry their content's hash, so what was read once stays true. */
const styles = new Map<string, string | null>();

const smallStyles = (files: SiteFiles, href: string): string | null => {
  const known = styles.get(href);
  if (known !== undefined) return known;
  let text: string | null = null;
  if (href.startsWith(`${BASE_PATH}/static/`) && !href.includes('..')) {
    const content = files.read(href.slice(BASE_PATH.length + 1));
    if (content !== null && Buffer.byteLength(content) <= INLINE_STYLE_MAX_BYTES) text = styleElementText(content);
  }
  styles.set(href, text);
  return text;
};

/**
 * Puts the page's small stylesheets in the page: each is a render-blocking request on a phone's few
 * connections, the first paint waiting for the slowest. `data-href` names the file, so the app's chunk
 * loader, finding it, does not fetch it again. The large ones (Radix Themes) stay files, cached across pages.
 */
export const inlineSmallStyles = (document: string, files: SiteFiles): string =>
  document.replace(LINK, (tag) => {
    const href = STYLESHEET_REL.test(tag) ? HREF.exec(tag)?.[1] : undefined;
    const text = href === undefined ? null : smallStyles(files, href);
    return text === null ? tag : `<style data-href="${href}">${text}</style>`;
  });
