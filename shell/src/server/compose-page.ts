import { PAGE_STATE_ID } from '../app/page-state.ts';
import { holdScriptsUntilPainted } from './after-first-paint.ts';
import { inlineSmallStyles } from './inline-styles.ts';
import { preloadTags } from './preloads.ts';
import { renderPage, type RenderInput } from './render-page.tsx';

export type ComposedPage =
  | { kind: 'page'; status: number; document: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'skip'; reason: string };

/**
 * A whole page (ADR 015): the site's index.html (`template`) with the route's screen rendered into its
 * root, the remote's files named in its head (held until the first paint), and the state the browser
 * hydrates from at its end.
 * The reference server sends it; the release tooling writes it for static hosts.
 */
export const composePage = async (input: RenderInput & { template: string }): Promise<ComposedPage> => {
  const result = await renderPage(input);
  if (result.kind !== 'page') return result;
  const document = holdScriptsUntilPainted(
    inlineSmallStyles(input.template, input.publicDir)
      .replace('</head>', () => `${result.remote ? preloadTags(input.publicDir, result.remote) : ''}</head>`)
      .replace(/<div id="root"><\/div>/, () => `<div id="root">${result.html}</div>`)
      .replace('</body>', () => `<script type="application/json" id="${PAGE_STATE_ID}">${result.state}</script></body>`),
  );
  return { kind: 'page', status: result.status, document };
};
