import { expect, test, type Page } from './test.ts';
import { expectCleanUnderAxe } from './axe.ts';
import { pagesRenderedByBrowserAlone } from './browser-rendered.ts';
import { expectFitsScreen } from './layout.ts';

/** Mistyped addresses (issue 24, point 9): unknown schools, tasters and groups of tests. */
const MISSING = ['/public/registr', '/public/nope', '/public/taster/unknown', '/public/taster/oakwood/selection/99'];

/** The not-found screen with its ways in: home, log in and, where families sign up (atom), sign up. */
const expectNotFound = async (page: Page, brand: 'atom' | 'quest') => {
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, this page is missing.' })).toBeVisible();
  const waysIn = page.getByRole('navigation', { name: 'Ways in' });
  await expect(waysIn.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/public');
  await expect(waysIn.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/public/login');
  await expect(waysIn.getByRole('link', { name: 'Sign up' })).toHaveCount(brand === 'atom' ? 1 : 0);
  await expect(page.getByText(/could not find|Unexpected Application Error/)).toHaveCount(0);
};

/** Issue 24, points 8 and 9, in the project's brand at 320 and 390 px. */
export const describeErrorScreens = (brand: 'atom' | 'quest') => {
  for (const width of [320, 390]) {
    test.describe(`a ${width} px phone`, () => {
      test.use({ viewport: { width, height: 700 } });

      for (const path of MISSING) {
        test(`${path} answers 404 with the not-found screen and its ways in`, async ({ page }) => {
          const answer = await page.goto(path);
          expect(answer?.status()).toBe(404);
          await expectNotFound(page, brand);
          await expectFitsScreen(page, path);
          await expectCleanUnderAxe(page);
        });
      }

      test('a page the browser renders alone shows the same not-found screen for an unknown school', async ({ page }) => {
        await pagesRenderedByBrowserAlone(page);
        await page.goto('/public/nope');
        await expectNotFound(page, brand);
      });

      test('a bare or malformed unsubscribe link says the link does not work, in the frame, with a 400', async ({ page }) => {
        const answer = await page.goto('/public/unsubscribe/t/1');
        expect(answer?.status()).toBe(400);
        await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
        await expect(page.getByText(/Unexpected Application Error|Bad request|illegal arguments/)).toHaveCount(0);
        await expectFitsScreen(page, 'unsubscribe');
        await expectCleanUnderAxe(page);
      });
    });
  }
};
