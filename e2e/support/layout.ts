import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './test.ts';
import { ROUTE_SAMPLES } from './routes.ts';

/** The ways in: signed in, they go on to the signed-in apps at `/`, which are not this site's pages. */
const SIGNED_OUT_ONLY = new Set(['/public/', '/public/login', '/public/register', '/public/register/parent/en-us', '/public/register/tutor']);

export const routesFor = (signedIn: boolean) => ROUTE_SAMPLES.filter(({ path }) => !signedIn || !SIGNED_OUT_ONLY.has(path));

/** Signs the demo parent in over HTTP, as the login form would: the page's context shares the cookie. */
export const signInParent = async (request: APIRequestContext, baseURL: string) => {
  const response = await request.post('/ms_accounts/auth/login', {
    headers: { Origin: new URL(baseURL).origin, 'X-Requested-With': 'XMLHttpRequest' },
    data: { username: 'parent@example.com', password: 'learning-together-42' },
  });
  expect(response.ok()).toBe(true);
};

/**
 * The screen as it stands fits the phone: the page never scrolls sideways, and every label of the
 * top bar stays on one line (an item no taller than two lines of its own text would be).
 */
export const expectFitsScreen = async (page: Page, where: string) => {
  const { scrollWidth, clientWidth, wrapped } = await page.evaluate(() => {
    const root = document.documentElement;
    const wrapped = [...document.querySelectorAll('header a, header button')]
      .filter((item) => {
        const style = getComputedStyle(item);
        return item.textContent?.trim() && (item as HTMLElement).offsetHeight > parseFloat(style.fontSize) * 2.2;
      })
      .map((item) => item.textContent?.trim());
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wrapped };
  });
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  expect(wrapped, `${where}: labels of the top bar wrap`).toEqual([]);
};

/** Opens every route of the table in turn and checks each fits the screen once its heading is there. */
export const walkRoutes = async (page: Page, signedIn: boolean) => {
  // The samples' headings are atom's; the home names the brand of the project's site.
  const brand = test.info().project.name === 'quest' ? 'Atom Quest' : 'Atom Learning';
  for (const { path, heading } of routesFor(signedIn)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading.replace('Atom Learning', brand) })).toBeVisible();
    await expectFitsScreen(page, path);
  }
  await page.goto('/public/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, this page is missing.' })).toBeVisible();
  await expectFitsScreen(page, 'not-found');
};

/** At 320 and 390 px, every route fits, signed out and then signed in (issue 16), in the project's brand. */
export const describePhoneLayouts = () => {
  for (const width of [320, 390]) {
    test.describe(`a ${width} px phone`, () => {
      test.use({ viewport: { width, height: 740 } });

      test('every route fits, signed out and then signed in: no sideways scroll, no wrapped bar labels', async ({ page, baseURL }) => {
        await walkRoutes(page, false);
        await signInParent(page.request, baseURL as string);
        await walkRoutes(page, true);
      });
    });
  }
};
