import type { Locator, Page } from '@playwright/test';

/** Presses Tab until the element has the focus: proof that the keyboard reaches it, in page order. */
export const tabTo = async (page: Page, target: Locator, maxPresses = 60): Promise<void> => {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
};
