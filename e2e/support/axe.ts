import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectRunning } from './running.ts';

/**
 * axe-core over the page as it stands, once the screen's h1 is the scripts' own: a page composed on
 * the server shows it at once, and checking while it hydrates reports a page between two states.
 */
export const expectCleanUnderAxe = async (page: Page) => {
  // A modal hides the page from the accessibility tree, so the h1 is found as an element here.
  const heading = page.locator('h1').first();
  // The server's own pages (the signed-in stand-in at /) have no scripts to wait for.
  if (await page.locator('#root').count()) await expectRunning(heading);
  else await expect(heading).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
};
