import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** The page's favicon as SVG text: it is in the page itself, as a data URL. */
export const faviconSvg = async (page: Page): Promise<string> => {
  const href = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
  expect(href.startsWith('data:image/svg+xml,'), href).toBe(true);
  return decodeURIComponent(href.slice(href.indexOf(',') + 1));
};
