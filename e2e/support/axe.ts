import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core over the page as it stands, once the screen has its h1: a screen comes from its remote a
 * moment after navigation, and checking before then reports the loading state, not the screen.
 */
export const expectCleanUnderAxe = async (page: Page) => {
  // A modal hides the page from the accessibility tree, so the h1 is found as an element here.
  await expect(page.locator('h1').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
};
