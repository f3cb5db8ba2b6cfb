import type { Page } from '@playwright/test';

/**
 * The site's pages as a plain static host serves them, or as the reference server does when it cannot
 * compose one: index.html with an empty root, which the browser renders alone. For the behaviours of
 * that path (the registry failing at start-up, say), which a composed page never takes.
 */
export const pagesRenderedByBrowserAlone = (page: Page) =>
  page.route('**/public/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(/<div id="root">[\s\S]*<\/script>\s*<\/body>/, '<div id="root"></div></body>');
    return route.fulfill({ response, body });
  });
