import { createHash } from 'node:crypto';
import { expect, test as base, type Browser, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';
import { pageIsRunning } from './running.ts';

export * from '@playwright/test';

/**
 * An address of this test's own (10.0.0.0/8), different on each retry: a test's wrong passwords and
 * codes count against it alone, as one visitor's would, never against the next test's visitor.
 */
const visitorAddress = ({ testId, retry, repeatEachIndex }: TestInfo, visitor = ''): string => {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(`${testId}:${retry}:${repeatEachIndex}:${visitor}`).digest();
  return `10.${a}.${b}.${c}`;
};

/**
 * Playwright's test, where each test's browser is a visitor of its own. Every test's browser comes
 * from this machine, where real visitors each have an address: the e2e servers trust the loopback as
 * their proxy (TRUSTED_PROXIES), and the test's context names its address in X-Forwarded-For, beside
 * the headers the test asks for.
 */
export const test = base.extend({
  context: async ({ context, extraHTTPHeaders }, use, testInfo) => {
    await context.setExtraHTTPHeaders({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo) });
    await use(context);
  },
  page: async ({ page }, use) => {
    await use(gotoWaitsUntilRunning(page));
  },
});

/**
 * A second visitor in the same test (a student opening a tutor's invitation, say): a context of its
 * own, from an address of its own, whose page.goto waits for the page's scripts as the test's page does.
 */
export const newVisitorPage = async (browser: Browser, testInfo: TestInfo, name: string, options: BrowserContextOptions = {}): Promise<Page> => {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { ...options.extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo, name) } });
  return gotoWaitsUntilRunning(await context.newPage());
};

/** A test that waits for less than the load (a hung remote) looks at the page as it comes. */
const gotoWaitsUntilRunning = (page: Page): Page => {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle') await untilRunning(page);
    return response;
  };
  return page;
};

/**
 * Waits until the page's scripts have the page: React has rendered or hydrated the root's content.
 * A composed page is on screen before then, its links plain links and its buttons held back; tests
 * of what the app does act once it runs (tests of the page before its scripts use a raw fetch or
 * scripts turned off).
 */
const untilRunning = (page: Page) => expect.poll(() => page.evaluate(pageIsRunning).catch(() => false), { timeout: 15_000 }).toBe(true);
