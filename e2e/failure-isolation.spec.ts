import { expect, test, type Page } from './support/test.ts';
import { countRows } from './support/database.ts';
import { pagesRenderedByBrowserAlone } from './support/browser-rendered.ts';

const TASTER = '**/public/remotes/taster/**';
const tasterHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Try a taster test' });

/** Reports of giving up on a remote (a build that left a last known good version also reports the fallback it tried). */
const failureCount = (remote: string) =>
  countRows('SELECT count(*) AS n FROM remote_load_failures WHERE remote = ? AND fallback_version IS NULL', remote);

const breakages = {
  'is down': (page: Page) => page.route(TASTER, (route) => route.abort('connectionrefused')),
  '404s': (page: Page) => page.route(TASTER, (route) => route.fulfill({ status: 404, body: 'Not found' })),
  // Both of a version's ways in: its direct script, which the page starts from, and the runtime's entry it falls back to.
  throws: (page: Page) =>
    page.route('**/public/remotes/taster/**/{remoteEntry.js,direct/screens.js}', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken build")' }),
    ),
  'times out': (page: Page) => page.route(TASTER, () => undefined),
} as const;

test.describe('a broken remote', () => {
  // Serial: each case counts the failure reports the server recorded for the same remote.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  for (const [how, breakRemote] of Object.entries(breakages)) {
    test(`a remote that ${how} shows Whoops! in the shell frame, and the rest keeps working`, async ({ page }) => {
      const before = failureCount('taster');
      await breakRemote(page);
      // Not waiting for the load event: the page preloads the remote's files, which a hung host never sends.
      await page.goto('/public/taster/oakwood', { waitUntil: 'domcontentloaded' });
      // Three retries after 1, 2 and 4 s (and, for a hung server, a 5 s limit per attempt).
      await expect(page.getByRole('alert').getByText('Whoops!')).toBeVisible({ timeout: 45_000 });
      await expect(page.getByRole('link', { name: 'Atom Learning' })).toBeVisible();
      await expect.poll(() => failureCount('taster')).toBe(before + 1);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Log in to your account' })).toBeVisible();

      // Back on the broken remote once it is mended: Try again loads it without a page reload.
      await page.goBack();
      await expect(page.getByRole('alert').getByText('Whoops!')).toBeVisible({ timeout: 45_000 });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(tasterHeading(page)).toBeVisible({ timeout: 15_000 });
    });
  }
});

test('the registry failing at start-up gives the full-page error', async ({ page }) => {
  // Only a page the browser renders alone reads the registry itself; a composed page brings its versions.
  await pagesRenderedByBrowserAlone(page);
  await page.route('**/public/remotes.json', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/public/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Oh no! Something went wrong…' })).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to your account' })).toBeVisible();
});

test('a router error answer speaks the site’s language inside its frame, never the router’s', async ({ page }) => {
  const answer = await page.goto('/public/unsubscribe/newsletter/not-a-number');
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Atom Learning' })).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error|Bad request/)).toHaveCount(0);
});
