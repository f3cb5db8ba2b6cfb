import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { expectCleanUnderAxe } from './support/axe.ts';
import { expectRunning } from './support/running.ts';
import { expectTouchFriendly } from './support/targets.ts';
import { watchTrackers } from './support/trackers.ts';

const LOGIN_HEADING = 'Log in to your account';
const NONE = { necessary: true, analytics: false, advertisement: false, functionality: false };
const ALL = { necessary: true, analytics: true, advertisement: true, functionality: true };
const TRACKER_COOKIE = /^(_ga|_gid|_gat|_gcl_)/;

const banner = (page: Page) => page.getByRole('region', { name: 'We use cookies' });
const loginButton = (page: Page) => page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Cookie preferences' });

/** Opens a page of the login remote and waits for its scripts, so that the shell and its overlays run. */
const open = async (page: Page, path = '/public/login') => {
  await page.goto(path);
  await expectRunning(page.getByRole('heading', { level: 1, name: LOGIN_HEADING }));
};

/** Whether the page the server composed for a visitor (before any script) already asks about cookies. */
const composedWithBanner = async (page: Page, headers: Record<string, string>) =>
  (await (await page.request.get('/public/login', { headers })).text()).includes('We use cookies');

const trackerCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter(({ name }) => TRACKER_COOKIE.test(name)).map(({ name }) => name);

const savedChoice = async (context: BrowserContext) => {
  const cookie = (await context.cookies()).find(({ name }) => name === 'GTMConsentCookie');
  return cookie && (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, boolean>);
};

/** The gtag commands in the page's data layer, as arrays (they are `arguments` objects there). */
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
      .map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
const lastConsentUpdate = async (page: Page) =>
  (await consentCommands(page)).filter(([command, kind]) => command === 'consent' && kind === 'update').at(-1)?.[2];

const cookieFor = (name: string, value: string) => ({ name, value, domain: 'localhost', path: '/' });

test.describe('a visitor in the EU', () => {
  test.use({ extraHTTPHeaders: { 'x-country-code': 'FR' } });

  test('is asked, with nothing sent to a tracker and no tracker cookie before a choice, clean under axe', async ({
    page,
    context,
  }) => {
    const trackerRequests = await watchTrackers(context);
    await open(page);
    await expect(banner(page)).toBeVisible();
    const commands = await consentCommands(page);
    expect(commands.map(([command, kind]) => `${command} ${kind}`)).toEqual(['consent default']);
    expect(commands[0]?.[2]).toMatchObject({ ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
    await expectCleanUnderAxe(page);
    await expect(banner(page).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/public/privacy');
    await expect(banner(page).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/public/terms');

    const openPreferences = banner(page).getByRole('button', { name: 'Preferences' });
    await openPreferences.click();
    await expect(preferences(page)).toBeVisible();
    await expectCleanUnderAxe(page);
    // Closed without a choice, the dialog gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(preferences(page)).toHaveCount(0);
    await expect(openPreferences).toBeFocused();

    expect(trackerRequests).toEqual([]);
    expect(await trackerCookies(context)).toEqual([]);
    expect(await savedChoice(context)).toBeUndefined();
  });

  test('reject all keeps only necessary, saved for a year, and is not asked again', async ({ page, context }) => {
    await open(page);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await savedChoice(context)).toEqual(NONE);
    const cookie = (await context.cookies()).find(({ name }) => name === 'GTMConsentCookie');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    expect(await lastConsentUpdate(page)).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' });

    await open(page);
    await expect.poll(() => lastConsentUpdate(page)).toMatchObject({ analytics_storage: 'denied' });
    await expect(banner(page)).toHaveCount(0);
  });

  test('accept all grants every category and tells the tag manager', async ({ page, context }) => {
    await open(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toHaveCount(0);
    // Chromium hands a cookie set by the page to its cookie store a moment later.
    await expect.poll(() => savedChoice(context)).toEqual(ALL);
    expect(await lastConsentUpdate(page)).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'granted',
      functionality_storage: 'granted',
      personalization_storage: 'granted',
      security_storage: 'granted',
    });
  });

  test('saves preferences from the keyboard: READY, dialog closed, choice stored', async ({ page, context }) => {
    await open(page);
    await banner(page).getByRole('button', { name: 'Preferences' }).focus();
    await page.keyboard.press('Enter');
    const dialog = preferences(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Necessary' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Necessary' })).toBeDisabled();
    // The necessary box cannot take focus: the first choice is analytics.
    await expect(dialog.getByRole('checkbox', { name: 'Analytics' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Save preferences' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(await savedChoice(context)).toEqual({ ...NONE, analytics: true, functionality: true });
    expect(await lastConsentUpdate(page)).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      functionality_storage: 'granted',
    });
  });

  test('imports a legacy HubSpot choice instead of asking', async ({ page, context }) => {
    await context.addCookies([cookieFor('__hs_cookie_cat_pref', '1:true,2:false,3:true')]);
    await open(page);
    await expect.poll(() => savedChoice(context)).toEqual({ ...ALL, advertisement: false });
    expect(await lastConsentUpdate(page)).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
    await expect(banner(page)).toHaveCount(0);
  });

  test('keeps a saved choice over the legacy cookie', async ({ page, context }) => {
    await context.addCookies([
      cookieFor('GTMConsentCookie', encodeURIComponent(JSON.stringify(NONE))),
      cookieFor('__hs_cookie_cat_pref', '1:true,2:true,3:true'),
    ]);
    await open(page);
    await expect.poll(() => lastConsentUpdate(page)).toMatchObject({ analytics_storage: 'denied' });
    await expect(banner(page)).toHaveCount(0);
    expect(await savedChoice(context)).toEqual(NONE);
  });

  test('hideCookieConsentBanner hides the banner and the choice stays pending', async ({ page, context }) => {
    await open(page, '/public/login?hideCookieConsentBanner=true');
    await expect(banner(page)).toHaveCount(0);
    expect((await consentCommands(page)).map(([, kind]) => kind)).toEqual(['default']);
    expect(await savedChoice(context)).toBeUndefined();
  });

  test('is asked in the page the server composed, before any script runs, unless they chose already', async ({ page }) => {
    expect(await composedWithBanner(page, { 'x-country-code': 'FR' })).toBe(true);
    expect(await composedWithBanner(page, { 'x-country-code': 'FR', Cookie: `GTMConsentCookie=${encodeURIComponent(JSON.stringify(NONE))}` })).toBe(false);
    expect(await composedWithBanner(page, { 'x-country-code': 'FR', Cookie: '__hs_cookie_cat_pref=1:true,2:false,3:false' })).toBe(false);
    expect(await composedWithBanner(page, { 'x-country-code': 'US' })).toBe(false);
  });

  test('the assessments portal sits outside consent', async ({ page, context }) => {
    const trackerRequests = await watchTrackers(context);
    await page.goto('/public/assessments/oakwood-entrance-2027/CODE42');
    await expect(page.getByRole('heading', { level: 1, name: 'Your assessment' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    expect(trackerRequests).toEqual([]);
  });
});

test.describe('a visitor in the EU on a phone', () => {
  test.use({ extraHTTPHeaders: { 'x-country-code': 'DE' }, viewport: { width: 375, height: 740 } });

  test('gets a full-width banner with stacked buttons and no sideways scroll', async ({ page }) => {
    await open(page);
    const region = banner(page);
    await expect(region).toBeVisible();
    expect(await region.boundingBox()).toMatchObject({ x: 0, width: 375 });
    const boxes = await Promise.all(
      ['Accept all', 'Reject all', 'Preferences'].map((name) => region.getByRole('button', { name, exact: true }).boundingBox()),
    );
    for (const box of boxes) expect(box?.width).toBeGreaterThan(300);
    expect(new Set(boxes.map((box) => box?.y)).size).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectCleanUnderAxe(page);
  });
});

/** Issue 24: the banner covers no action, as GOV.UK's: first on the page, in its flow, first in the Tab order after the skip link. */
for (const width of [320, 390]) {
  test.describe(`a visitor in the EU on a ${width}×700 phone`, () => {
    test.use({ extraHTTPHeaders: { 'x-country-code': 'DE' }, viewport: { width, height: 700 } });

    test('meets the banner first, above the top bar, covering nothing, with Reject all three Tabs away', async ({ page }) => {
      await open(page);
      const region = banner(page);
      await expect(region).toBeVisible();
      // In the flow, at the top: it scrolls with the page and ends where the top bar begins.
      expect(await region.evaluate((element) => getComputedStyle(element).position)).toBe('static');
      const bannerBox = await region.boundingBox();
      const barBox = await page.locator('header').first().boundingBox();
      expect(bannerBox?.y).toBe(0);
      expect((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
      // Nothing of the screen lies under it: the Log in button, scrolled to, is what a tap on it meets.
      const logIn = loginButton(page);
      await logIn.scrollIntoViewIfNeeded();
      expect(await logIn.evaluate((button) => {
        const { x, y, width: w, height: h } = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(x + w / 2, y + h / 2));
      })).toBe(true);
      await expectTouchFriendly(page, 'cookie banner');

      await page.evaluate(() => window.scrollTo(0, 0));
      const rejectAll = region.getByRole('button', { name: 'Reject all' });
      let tabs = 0;
      while (tabs < 3 && !(await rejectAll.evaluate((button) => button === document.activeElement))) {
        await page.keyboard.press('Tab');
        tabs += 1;
      }
      await expect(rejectAll).toBeFocused();
      expect(tabs).toBeLessThanOrEqual(3);
      await page.keyboard.press('Enter');

      // Said back where the banner was, with the focus, until hidden; then the focus goes on to the screen.
      const said = page.getByRole('region', { name: 'Cookies' });
      await expect(said).toContainText('You’ve rejected optional cookies');
      expect(await said.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await expect.poll(() => savedChoice(page.context())).toEqual(NONE);
      await expectTouchFriendly(page, 'cookie confirmation');
      await said.getByRole('button', { name: 'Hide this message' }).click();
      await expect(said).toHaveCount(0);
      await expect(page.locator('main')).toBeFocused();
    });

    test('gets a preferences dialog whose boxes and buttons are 44 px targets', async ({ page }) => {
      await open(page);
      await banner(page).getByRole('button', { name: 'Preferences', exact: true }).click();
      await expect(preferences(page)).toBeVisible();
      await expectTouchFriendly(page, 'cookie preferences');
    });
  });
}

test.describe('a visitor outside the EU', () => {
  test.use({ extraHTTPHeaders: { 'x-country-code': 'US' } });

  test('is not asked, everything is granted, and nothing is saved', async ({ page, context }) => {
    await open(page);
    await expect.poll(() => lastConsentUpdate(page)).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      functionality_storage: 'granted',
    });
    await expect(banner(page)).toHaveCount(0);
    expect(await savedChoice(context)).toBeUndefined();
  });
});

test.describe('a visitor whose country the edge does not tell', () => {
  test('is asked, as in the EU', async ({ page }) => {
    expect(await composedWithBanner(page, {})).toBe(true);
    await open(page);
    await expect(banner(page)).toBeVisible();
  });
});
