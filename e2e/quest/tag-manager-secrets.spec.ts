import { expect, test, type BrowserContext, type Page } from '../support/test.ts';
import { expectRunning } from '../support/running.ts';
import { issueAccessCode, issueResetToken } from '../support/database.ts';

/**
 * Issue 24 point 17 (ADR 012): with full consent the tag manager never sees a secret of the address,
 * on a first load or after a navigation inside the app. The tag manager is atom's (SPEC section 7);
 * the quest e2e site is the one built with a container (PUBLIC_GTM_ID) and a theme switcher, so these
 * tests pick the atom brand in it, as a preview reviewer would. Google's script is stood in for by one
 * that does what GTM's page views do: report document.location and document.referrer when it loads
 * and on every history change (its History Change trigger), from the page's own Referer.
 */
const ALL = { necessary: true, analytics: true, advertisement: true, functionality: true };

const STAND_IN = `(() => {
  const send = (event) => navigator.sendBeacon('https://www.google-analytics.com/g/collect?en=' + event
    + '&dl=' + encodeURIComponent(document.location.href) + '&dr=' + encodeURIComponent(document.referrer));
  send('load');
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method];
    history[method] = function (...args) { const result = original.apply(this, args); send(method); return result; };
  }
  addEventListener('popstate', () => send('popstate'));
})();`;

type Seen = { url: string; referer: string };

/** Full consent, the atom brand, and the tag manager stood in for: every request it and its tags make. */
const withTagManager = async (context: BrowserContext, page: Page, baseURL: string) => {
  await context.addCookies([{ name: 'GTMConsentCookie', value: encodeURIComponent(JSON.stringify(ALL)), url: baseURL }]);
  await page.addInitScript(() => localStorage.setItem('brandOverride', 'atom'));
  const seen: Seen[] = [];
  await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) => {
    seen.push({ url: route.request().url(), referer: route.request().headers().referer ?? '' });
    return route.fulfill({ contentType: 'text/javascript', body: STAND_IN });
  });
  await context.route(/^https:\/\/www\.google-analytics\.com\//, (route) => {
    seen.push({ url: route.request().url(), referer: route.request().headers().referer ?? '' });
    return route.fulfill({ status: 204 });
  });
  return seen;
};

const pageViews = (seen: Seen[]) => seen.filter(({ url }) => url.includes('/g/collect')).map(({ url }) => new URL(url).searchParams.get('en'));

const expectNeverSeen = (seen: Seen[], secret: string) => {
  for (const { url, referer } of seen) {
    expect(decodeURIComponent(url), 'the tag manager’s request').not.toContain(secret);
    expect(referer, `the Referer of ${url}`).not.toContain(secret);
  }
};

/** Each secret-bearing address (the in-app path) and its secret. A magic code that opens nothing: a good one leaves the page at once. */
const ADDRESSES = [
  ['a staff reset link', () => issueResetToken('demo-teacher', 'quest'), (secret: string) => `/reset/${secret}/staff`],
  ['a magic link', () => `E2E${Date.now().toString(36).toUpperCase()}`, (secret: string) => `/magic/${secret}`],
  ['a report code', () => issueAccessCode('demo-applicant', 1001, 'quest'), (secret: string) => `/report/${secret}`],
  ['an assessment code', () => issueAccessCode('demo-applicant', 1001, 'quest'), (secret: string) => `/assessments/oakwood-entrance-2027/${secret}`],
] as const;

for (const [name, issue, pathOf] of ADDRESSES) {
  test(`${name}, opened with full consent: the tag manager loads only once the secret has left the address`, async ({ page, context, baseURL }) => {
    const seen = await withTagManager(context, page, baseURL as string);
    const secret = issue();
    await page.goto(`/public${pathOf(secret)}`);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(page.url()).not.toContain(secret);
    // The assessments portal sits outside cookie consent (ADR 006): there the tag manager does not load at all.
    if (!pathOf(secret).startsWith('/assessments/')) await expect.poll(() => pageViews(seen)).toContain('load');
    expectNeverSeen(seen, secret);
    expect(await page.evaluate(() => `${document.location.href} ${document.referrer}`)).not.toContain(secret);
  });

  test(`${name}, reached inside the app with the tag manager running: the secret never enters the address`, async ({ page, context, baseURL }) => {
    const seen = await withTagManager(context, page, baseURL as string);
    await page.goto('/public/login');
    await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }));
    await expect.poll(() => pageViews(seen)).toContain('load');
    const secret = issue();
    // A same-origin link the app follows itself (SPEC section 2, Global behaviours): a navigation inside the app.
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.id = 'e2e-secret-link';
      link.textContent = 'Open';
      document.querySelector('main')?.append(link);
    }, pathOf(secret));
    await page.locator('#e2e-secret-link').click();
    await expect.poll(() => pageViews(seen)).toContain('pushState');
    await expect(page.locator('h1').first()).not.toHaveText('Log in to your account');
    expect(page.url()).not.toContain(secret);
    expectNeverSeen(seen, secret);
    expect(await page.evaluate(() => `${document.location.href} ${document.referrer} ${JSON.stringify(history.state)}`)).not.toContain(secret);
  });
}
