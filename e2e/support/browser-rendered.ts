import type { Page } from '@playwright/test';

/** The scripts a composed page holds until its first paint, with the loader that releases them. */
const HELD_UNTIL_PAINT = /<template id="entry-after-paint">([\s\S]*?)<\/template><script\b[^>]*>[\s\S]*?<\/script>/;

/**
 * The site's pages as a plain static host serves them, or as the reference server does when it cannot
 * compose one: index.html with an empty root, which the browser renders alone. For the behaviours of
 * that path (the registry failing at start-up, say), which a composed page never takes. Its scripts are
 * in the head as index.html has them: an empty root paints nothing, so scripts still held for a first
 * paint would wait for the loader's 3 s safety instead.
 */
export const pagesRenderedByBrowserAlone = (page: Page) =>
  page.route('**/public/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text())
      .replace(HELD_UNTIL_PAINT, '$1')
      .replace(/<div id="root">[\s\S]*<\/script>\s*<\/body>/, '<div id="root"></div></body>');
    return route.fulfill({ response, body });
  });
