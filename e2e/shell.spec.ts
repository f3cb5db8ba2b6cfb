import { expect, test, type Page } from './support/test.ts';
import { countRows } from './support/database.ts';
import { signedUnsubscribePath } from './support/unsubscribe.ts';
import { expectCleanUnderAxe } from './support/axe.ts';
import { pagesRenderedByBrowserAlone } from './support/browser-rendered.ts';
import { expectRunning } from './support/running.ts';
import { faviconSvg } from './support/icons.ts';

const OLD_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.75 Safari/537.36';
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Stands in for a deployment that happens while the page is open: the server's latest release moves on. */
const newerReleaseDeployed = (page: Page) =>
  page.route('**/app-metadata/latest-release', (route) => route.fulfill({ json: { version: '29991231235959-newer' } }));

test.describe('release notice', () => {
  test('says nothing while the running version is the latest', async ({ page }) => {
    await page.clock.install();
    await page.goto('/public/login');
    await expect(heading(page, 'Log in to your account')).toBeVisible();
    await page.clock.fastForward(2 * 60_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('A new version of the site is available.')).toHaveCount(0);
  });

  test('alerts when never shown, toasts within 8 hours, alerts again after, and Update reloads', async ({ page }) => {
    await page.clock.install();
    await page.goto('/public/login');
    await expect(heading(page, 'Log in to your account')).toBeVisible();
    await newerReleaseDeployed(page);

    // The poll runs every 60 s.
    await page.clock.fastForward(60_000);
    const alert = page.getByRole('alertdialog', { name: 'A new version is available' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Later' }).click();
    await expect(alert).toHaveCount(0);

    // Within 8 hours of the alert: a toast, once per page.
    await page.clock.fastForward(60_000);
    const toast = page.getByText('A new version of the site is available.');
    await expect(toast).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('releaseNotice.toastFirstViewAt'))).not.toBeNull();

    // Over 8 hours later: the alert again.
    await page.clock.fastForward(8 * 60 * 60_000 + 60_000);
    await expect(alert).toBeVisible();
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    expect(marker).toBe(42);
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Update' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await expect
      .poll(() => countRows("SELECT count(*) AS n FROM gateway_events WHERE event_name = 'APP_UPDATED'"))
      .toBeGreaterThan(0);
  });

  test('the toast first-view time is forgotten when the page unloads', async ({ page }) => {
    await page.goto('/public/login');
    // The notice's unload handler is set up with the shell's first render (a hydration, here).
    await expectRunning(heading(page, 'Log in to your account'));
    await page.evaluate(() => sessionStorage.setItem('releaseNotice.toastFirstViewAt', '1'));
    await page.reload();
    expect(await page.evaluate(() => sessionStorage.getItem('releaseNotice.toastFirstViewAt'))).toBeNull();
  });

  test('stays quiet on the assessments portal', async ({ page }) => {
    await page.clock.install();
    await newerReleaseDeployed(page);
    await page.goto('/public/assessments/oakwood-entrance-2027/CODE42');
    await expect(heading(page, 'Your assessment')).toBeVisible();
    await page.clock.fastForward(2 * 60_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});

test.describe('unsupported browser', () => {
  test.use({ userAgent: OLD_CHROME });

  test('shows the banner until dismissed, then remembers for a week', async ({ page, context }) => {
    await page.goto('/public/login');
    const banner = page.getByRole('region', { name: 'Browser support' });
    await expect(banner).toContainText('Your browser is not supported');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    const cookie = (await context.cookies()).find(({ name }) => name === 'unsupportedBrowserDismissed');
    const week = 7 * 24 * 60 * 60;
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(week - 60);
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(week);
    await page.reload();
    await expect(heading(page, 'Log in to your account')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

test('a supported browser sees no banner, and the support pages state the minimum versions', async ({ page }) => {
  await page.goto('/public/browser-support');
  await expect(page.getByRole('region', { name: 'Browser support' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your browser is supported.' })).toBeVisible();
  for (const [browser, version] of [['Chrome', '111'], ['Firefox', '128'], ['Edge', '111'], ['Safari', '15.4'], ['Mobile Safari', '15.4']]) {
    await expect(page.getByRole('row', { name: `${browser} ${version} or newer`, exact: true })).toBeVisible();
  }
  await page.goto('/public/technical-requirements');
  await expect(page.getByRole('row', { name: 'Firefox 128 or newer' })).toBeVisible();
  await expect(page.getByText('Cookies allowed for this site')).toBeVisible();
});

test.describe('crash recovery', () => {
  // Only a page the browser renders alone reads the registry itself; a composed page brings its versions.
  const registryDown = async (page: Page) => {
    await pagesRenderedByBrowserAlone(page);
    await page.route('**/public/remotes.json', (route) => route.fulfill({ status: 500, body: '' }));
  };

  test('offers the latest version once, then Share feedback', async ({ page }) => {
    await registryDown(page);
    await newerReleaseDeployed(page);
    await page.goto('/public/login');
    await expect(heading(page, 'Oh no! Something went wrong…')).toBeVisible();
    await page.getByRole('button', { name: 'Update to the latest version' }).click();
    // It reloaded into the same broken state: the update was recorded, so it is not offered again.
    await expect(page.getByRole('link', { name: 'Share feedback' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update to the latest version' })).toHaveCount(0);
  });

  test('offers Share feedback straight away when there is nothing newer', async ({ page }) => {
    await registryDown(page);
    await page.goto('/public/login');
    await expect(page.getByRole('link', { name: 'Share feedback' })).toBeVisible();
  });
});

test.describe('navigation', () => {
  const addLink = (page: Page, attributes: Record<string, string>, text: string) =>
    page.evaluate(
      ({ attributes, text }) => {
        const link = document.createElement('a');
        for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
        link.textContent = text;
        document.querySelector('main')?.prepend(link);
      },
      { attributes, text },
    );

  test('a same-origin link outside /public navigates inside the app', async ({ page }) => {
    await page.goto('/public/demo');
    await expectRunning(heading(page, 'See the platform in action'));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await addLink(page, { href: '/register' }, 'Plain link to register');
    await page.getByRole('link', { name: 'Plain link to register' }).click();
    await expect(page).toHaveURL(/\/public\/register$/);
    await expect(heading(page, 'Create your account')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('a link with a target is left to the browser', async ({ page, context }) => {
    await page.goto('/public/demo');
    await expectRunning(heading(page, 'See the platform in action'));
    await addLink(page, { href: '/register', target: '_blank' }, 'Opens a tab');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Opens a tab' }).click()]);
    expect(popup.url()).toMatch(/\/register$/);
    await expect(page).toHaveURL(/\/public\/demo$/);
  });

  test('a hash beginning #/ goes to that in-app path', async ({ page }) => {
    await page.goto('/public/#/register/tutor');
    await expect(page).toHaveURL(/\/public\/register\/tutor$/);
    await expect(heading(page, 'Sign up as a tutor')).toBeVisible();
  });
});

test('the top bar shows the brand and its icons, and gains a shadow once scrolled', async ({ page }) => {
  await page.goto('/public/technical-requirements');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Atom Learning' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Help and contact' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Your account' })).toBeVisible();
  // The divider is decorative, so it has no role: found by its kit class.
  await expect(banner.locator('.rt-Separator')).toBeAttached();
  await expect(banner).not.toHaveAttribute('data-scrolled');
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 600);
  });
  await expect(banner).toHaveAttribute('data-scrolled', 'true');
  // Production builds have no theme switcher and no development overlay.
  await expect(page.getByLabel('Theme')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Build information' })).toHaveCount(0);
});

test('demo and unsubscribe pages do their job', async ({ page }) => {
  await page.goto('/public/demo?hideCookieConsentBanner=1');
  await expect(page.getByRole('heading', { name: 'Mock tests' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/public/register');
  // The demo shows the product: a taster question to answer, marked with the reason, step by step.
  await page.getByRole('radio', { name: '18' }).check();
  await page.getByRole('button', { name: 'Check my answer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'See how you did' })).toBeFocused();
  await expect(page.getByText('Not quite: the answer is 12.')).toBeVisible();
  await expectCleanUnderAxe(page);
  await page.getByRole('button', { name: 'What a test adds' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();

  const id = 900_000 + Math.floor(Math.random() * 90_000);
  await page.goto(signedUnsubscribePath('newsletter', id));
  await expect(page.getByText('Stop sending our newsletter to this account?')).toBeVisible();
  expect(countRows('SELECT count(*) AS n FROM unsubscribes WHERE id_user = ?', id)).toBe(0);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You will no longer get our newsletter.' })).toBeVisible();
  expect(countRows("SELECT count(*) AS n FROM unsubscribes WHERE id_user = ? AND type = 'newsletter'", id)).toBe(1);
});

for (const path of [
  '/public/demo',
  '/public/unsubscribe/newsletter/7',
  '/public/browser-support',
  '/public/technical-requirements',
  '/public/privacy',
  '/public/terms',
  '/public/no/such/page',
]) {
  test(`${path} is clean under axe`, async ({ page }) => {
    await page.goto(`${path}?hideCookieConsentBanner=1`);
    await expectCleanUnderAxe(page);
  });
}

test('Cookie preferences in the footer reopens the choices after the banner is gone', async ({ page }) => {
  await page.goto('/public/demo');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByRole('button', { name: 'Accept all' })).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

/** WCAG's contrast ratio of two `rgb(...)` colours. */
const contrast = (first: string, second: string) => {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
};

test('the keyboard: a skip link first, rings of 3:1, and the focus on each new screen’s heading', async ({ page }) => {
  await page.goto('/public/login?hideCookieConsentBanner=1');
  await expect(heading(page, 'Log in to your account')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const email = page.getByRole('textbox', { name: 'Email or username' });
  await expect(email).toBeFocused();
  const background = await page.locator('main').evaluate((main) => getComputedStyle(main.closest('.radix-themes') as Element).backgroundColor);
  const fieldRing = await page.locator('.rt-TextFieldRoot:focus-within').evaluate((field) => getComputedStyle(field).outlineColor);
  expect(contrast(fieldRing, background === 'rgba(0, 0, 0, 0)' ? 'rgb(255, 255, 255)' : background)).toBeGreaterThanOrEqual(3);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  // The password field's Show button comes between it and the link (issue 24).
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Tab');
  const forgotten = page.getByRole('link', { name: 'Forgot your password?' });
  await expect(forgotten).toBeFocused();
  expect(contrast(await forgotten.evaluate((link) => getComputedStyle(link).outlineColor), 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);

  // A new screen: the focus goes to its heading, not back to the top of the page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(heading(page, 'Create your account')).toBeFocused();
  await page.getByRole('link', { name: 'Sign up as a tutor' }).click();
  await expect(heading(page, 'Sign up as a tutor')).toBeFocused();
});

test('every page names itself and the brand; the brand has its icons; the foot links the privacy notice and terms', async ({ page, request }) => {
  await page.goto('/public/technical-requirements');
  await expect(page).toHaveTitle('Technical requirements · Atom Learning');
  expect(await faviconSvg(page)).toContain('#3e63dd');
  const touchIcon = await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) as string);
  expect(touchIcon.headers()['content-type']).toBe('image/png');
  const manifest = await request.get((await page.locator('link[rel="manifest"]').getAttribute('href')) as string);
  expect(await manifest.json()).toMatchObject({ name: 'Atom Learning', icons: [{ sizes: '192x192' }, { sizes: '512x512' }] });

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy notice' }).click();
  await expect(heading(page, 'Privacy notice')).toBeVisible();
  await expect(page).toHaveTitle('Privacy notice · Atom Learning');
  await footer.getByRole('link', { name: 'Terms of use' }).click();
  await expect(heading(page, 'Terms of use')).toBeVisible();
});

test('a success and a warning each wear their colour, not the plain text they were', async ({ page }) => {
  await page.goto('/public/browser-support');
  const supported = page.getByRole('status').filter({ hasText: 'Your browser is supported.' });
  await expect(supported).toHaveAttribute('data-accent-color', 'green');
  // The scale is loaded: the message has a tinted background, not none.
  expect(await supported.evaluate((message) => getComputedStyle(message).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
});
