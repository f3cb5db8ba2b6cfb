import { PAGE_STATE_ID } from '../app/page-state.ts';
import { holdScriptsUntilPainted } from './after-first-paint.ts';
import { inlineSmallStyles } from './inline-styles.ts';
import { preloadTags, readSharedAssets } from './preloads.ts';
import { renderPage, type RenderInput } from './render-page.tsx';
import type { SiteFiles } from './site-files.ts';

export type ComposedPage =
  | { kind: 'page'; status: number; document: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'skip'; reason: string }
  | { kind: 'failed'; reason: string };

/**
 * The page around a remote's screen: the site's index.html with the remote version's files named in
 * its head, small stylesheets in the page and scripts held until the first paint. The same for every
 * request of that template and version, so made once for each site's files (a new release brings a new template).
 */
const pageTemplates = new WeakMap<SiteFiles, Map<string, { template: string; page: string }>>();

const pageTemplate = (template: string, files: SiteFiles, remote: { name: string; version: string; script?: string; direct?: string } | null): string => {
  const key = remote ? `${remote.name}@${remote.version}${remote.direct ? ' direct' : remote.script ? '' : ' by its manifest'}` : '';
  const ofSite = pageTemplates.get(files) ?? new Map<string, { template: string; page: string }>();
  pageTemplates.set(files, ofSite);
  const known = ofSite.get(key);
  if (known?.template === template) return known.page;
  const page = holdScriptsUntilPainted(
    inlineSmallStyles(template, files).replace('</head>', () => `${remote ? preloadTags(files, remote, readSharedAssets(files)) : ''}</head>`),
  );
  ofSite.set(key, { template, page });
  return page;
};

/** The elements React hoists to the head (title, meta, link), which a render of the root puts at its start. */
const LEADING_HEAD_ELEMENTS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/;

/**
 * The page's head from what the screen rendered: its title instead of the template's generic one
 * (one title per page), with its description, canonical address and social tags.
 */
export const withHeadOfRender = (page: string, html: string): { page: string; html: string } => {
  const head = LEADING_HEAD_ELEMENTS.exec(html)?.[0] ?? '';
  if (!head) return { page, html };
  const titled = head.includes('<title>') ? page.replace(/<title>[^<]*<\/title>/, '') : page;
  return { page: titled.replace('</head>', () => `${head}</head>`), html: html.slice(head.length) };
};

/**
 * A whole page (ADR 015): the site's index.html (`template`) with the route's screen rendered into its
 * root, the remote's files named in its head (held until the first paint), and the state the browser
 * hydrates from at its end.
 * The reference server sends it; the release tooling writes it for static hosts.
 */
export const composePage = async (input: RenderInput & { template: string }): Promise<ComposedPage> => {
  const result = await renderPage(input);
  if (result.kind !== 'page') return result;
  const { page, html } = withHeadOfRender(pageTemplate(input.template, input.files, result.remote), result.html);
  const document = page
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${html}</div>`)
    .replace('</body>', () => `<script type="application/json" id="${PAGE_STATE_ID}">${result.state}</script></body>`);
  return { kind: 'page', status: result.status, document };
};
