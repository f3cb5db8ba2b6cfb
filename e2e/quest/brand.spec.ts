import { expect, test, type Page } from '../support/test.ts';
import { expectCleanUnderAxe } from '../support/axe.ts';
import { issueAccessCode } from '../support/database.ts';
import { expectSignedInStandIn } from '../support/signed-in.ts';
import { watchTrackers } from '../support/trackers.ts';
import { faviconSvg } from '../support/icons.ts';

/**
 * The quest site (playwright.config.ts): the same release's remotes behind a shell built with
 * PUBLIC_BRAND=quest as a preview build, with a tag manager configured.
 */
const NOT_FOUND = 'Sorry, this page is missing.';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const brandLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name });
const theme = (page: Page) => page.locator('.radix-themes[data-brand]').first();


test('the top bar shows the quest logo and name, and the page wears the quest theme', async ({ page }) => {
  await page.goto('/public/technical-requirements');
  await expect(heading(page, 'Technical requirements')).toBeVisible();
  await expect(brandLink(page, 'Atom Quest')).toBeVisible();
  await expect(brandLink(page, 'Atom Quest').locator('svg')).toBeVisible();
  await expect(brandLink(page, 'Atom Learning')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toContainText('Atom Quest');
  await expect(theme(page)).toHaveAttribute('data-brand', 'quest');
  await expect(theme(page)).toHaveAttribute('data-accent-color', 'purple');
  await expect(page).toHaveTitle('Technical requirements · Atom Quest');
  expect(await faviconSvg(page)).toContain('#8e4ec6');
  const manifest = await page.request.get((await page.locator('link[rel="manifest"]').getAttribute('href')) as string);
  expect(await manifest.json()).toMatchObject({ name: 'Atom Quest' });
});

test('the server composes quest pages with the quest shell: the first response already wears the brand', async ({ request }) => {
  for (const path of ['/public/login', '/public/register']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('id="entry-page-state"');
    expect(html, path).toContain('data-brand="quest"');
    expect(html, path).not.toContain('data-brand="atom"');
    expect(html, path).toMatch(/<title>[^<]+ · Atom Quest<\/title>/);
  }
});

test.describe('not-found', () => {
  test('tells a visitor to get back to smarter progress tracking', async ({ page }) => {
    await page.goto('/public/no/such/page');
    await expect(heading(page, NOT_FOUND)).toBeVisible();
    await expect(page.getByText('Let’s get back to your Quest for smarter progress tracking.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/public');
  });

  test('tells an applicant to get back to smarter entry assessments', async ({ page }) => {
    await page.goto(`/public/magic/${issueAccessCode('demo-applicant', 1001, 'quest')}`);
    await expectSignedInStandIn(page, { name: 'Leo Chen', role: 'Applicant' });
    await page.goto('/public/no/such/page');
    await expect(page.getByText('Let’s get back to your Quest for smarter entry assessments.')).toBeVisible();
  });
});

test.describe('a visitor in the EU', () => {
  test.use({ extraHTTPHeaders: { 'x-country-code': 'FR' } });

  test('is not asked about cookies, and no tag manager loads although one is configured', async ({ page, context }) => {
    const trackerRequests = await watchTrackers(context);
    const visitorLookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/app-metadata/visitor')) visitorLookups.push(request.url());
    });
    await page.goto('/public/login');
    await expect(heading(page, 'Log in to your account')).toBeVisible();
    // The banner would be up a moment after the visitor lookup.
    await page.waitForTimeout(300);
    await expect(page.getByRole('region', { name: 'We use cookies' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' })).toHaveCount(0);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    expect(visitorLookups).toEqual([]);
    expect(trackerRequests).toEqual([]);
    expect((await context.cookies()).map(({ name }) => name)).not.toContain('GTMConsentCookie');
  });

  test('a preview build has the theme switcher: brand, logo, consent and not-found line follow it, and it is remembered', async ({
    page,
  }) => {
    await page.goto('/public/demo');
    await expect(heading(page, 'See the platform in action')).toBeVisible();
    // A preview build is not a development build: no build overlay.
    await expect(page.getByRole('complementary', { name: 'Build information' })).toHaveCount(0);
    const switcher = page.getByRole('banner').getByRole('combobox', { name: 'Theme' });
    await expect(switcher).toHaveValue('quest');
    const questLogo = await brandLink(page, 'Atom Quest').locator('svg').innerHTML();

    await switcher.selectOption({ label: 'Atom Learning' });
    await expect(brandLink(page, 'Atom Learning')).toBeVisible();
    expect(await brandLink(page, 'Atom Learning').locator('svg').innerHTML()).not.toBe(questLogo);
    await expect(theme(page)).toHaveAttribute('data-accent-color', 'indigo');
    await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();

    await page.goto('/public/no/such/page');
    await expect(switcher).toHaveValue('atom');
    await expect(page.getByText('Let’s get back on track.')).toBeVisible();
    await switcher.selectOption({ label: 'Atom Quest' });
    await expect(brandLink(page, 'Atom Quest')).toBeVisible();
    await expect(page.getByText('Let’s get back to your Quest for smarter progress tracking.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'We use cookies' })).toHaveCount(0);
  });
});

const SCREENS = [
  ['/public/', 'Welcome to Atom Quest'],
  ['/public/login', 'Log in to your account'],
  ['/public/no/such/page', NOT_FOUND],
  ['/public/demo', 'See the platform in action'],
  ['/public/unsubscribe/newsletter/7', 'Unsubscribe from emails'],
  ['/public/browser-support', 'Supported browsers'],
  ['/public/technical-requirements', 'Technical requirements'],
  ['/public/privacy', 'Privacy notice'],
  ['/public/terms', 'Terms of use'],
  ['/public/register', 'Create your account'],
  ['/public/register/parent/en-us', 'Sign up as a parent'],
  ['/public/taster/riverside', 'Try a taster test'],
  ['/public/riverside-summative', 'School assessment'],
  ['/public/assessments/oakwood-entrance-2027/CODE42', 'Your assessment'],
] as const;

for (const [path, name] of SCREENS) {
  test(`${path} is clean under axe in quest`, async ({ page }) => {
    await page.goto(path);
    await expect(heading(page, name)).toBeVisible();
    await expectCleanUnderAxe(page);
  });
}

test('a taster question with an answer chosen is clean under axe in quest', async ({ page }) => {
  await page.goto('/public/taster/riverside');
  await page.getByRole('link', { name: 'See the tests: Year 7 end-of-year check' }).click();
  await page.getByRole('link', { name: 'Start: Maths: end of Year 7' }).click();
  await page.getByRole('button', { name: 'Start the test' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Question 1 of/ })).toBeVisible();
  await page.getByRole('radio').first().check();
  await expectCleanUnderAxe(page);
});
