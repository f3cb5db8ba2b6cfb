import { expect, test, type Page } from './support/test.ts';
import { expectCleanUnderAxe } from './support/axe.ts';
import { expectRunning } from './support/running.ts';
import { expectSocialImage } from './support/social-image.ts';

/** Issue 24 points 12 and 13: what search engines, link previews and a new visitor find. */

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

for (const [path, title, description] of [
  ['/public/', 'Home · Atom Learning', /^Learning and assessment for parents, schools and students/],
  ['/public/login', 'Log in · Atom Learning', /^Log in to Atom Learning/],
  ['/public/privacy', 'Privacy notice · Atom Learning', /^How Atom Learning collects/],
] as const) {
  test(`${path} comes with one title, a description, a canonical address on the configured origin and social tags`, async ({ page, request, baseURL }) => {
    // A Host or X-Forwarded-Host a request claims never makes the canonical address.
    const html = await (await request.get(path, { headers: { 'X-Forwarded-Host': 'evil.example' } })).text();
    expect(html.match(/<title>/g)).toHaveLength(1);
    const head = headOf(html);
    expect(head).toContain(`<title>${title}</title>`);
    const canonical = `${baseURL}${path === '/public/' ? '/public/' : path}`;
    expect(head).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(head).toContain(`<meta property="og:url" content="${canonical}"/>`);
    expect(head).toContain('<meta property="og:site_name" content="Atom Learning"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    await expectSocialImage(request, head, baseURL as string, 'atom');
    expect(head).not.toContain('noindex');
    expect(/<meta name="description" content="([^"]+)"/.exec(head)?.[1]).toMatch(description);

    await page.goto(path);
    await expectRunning(page.locator('h1'));
    expect(await page.locator('title').count()).toBe(1);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  });
}

test('a page that can carry a secret, or is missing, asks not to be indexed and names no canonical address', async ({ request }) => {
  for (const path of ['/public/reset/t0k3n/staff', '/public/no/such/page']) {
    const head = headOf(await (await request.get(path)).text());
    expect(head, path).toContain('<meta name="robots" content="noindex"/>');
    expect(head, path).not.toContain('rel="canonical"');
  }
});

test('robots.txt names the sitemap, the sitemap lists the public pages of the route table, and /favicon.ico is the brand icon', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt', { headers: { Host: 'evil.example' } });
  expect(robots.headers()['content-type']).toContain('text/plain');
  const text = await robots.text();
  expect(text).toContain(`Sitemap: ${baseURL}/public/sitemap.xml`);
  expect(text).toContain('Disallow: /public/reset/');

  const sitemap = await request.get('/public/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location]) => location);
  expect(locations).toContain(`${baseURL}/public/`);
  expect(locations).toContain(`${baseURL}/public/login`);
  expect(locations).toContain(`${baseURL}/public/help`);
  expect(locations.filter((location) => /reset|magic|report|assessments|unsubscribe/.test(location ?? ''))).toEqual([]);

  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/png');
  expect((await icon.body()).subarray(1, 4).toString()).toBe('PNG');
});

const audience = (page: Page, name: string) => page.getByRole('region', { name });

test('the home has a way in for parents, schools and students, clean under axe', async ({ page }) => {
  await page.goto('/public/');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Welcome to Atom Learning' }));
  await expect(audience(page, 'Parents').getByRole('link', { name: 'Start a free trial' })).toHaveAttribute('href', '/public/register/parent');
  await expect(audience(page, 'Parents').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/public/login');
  await expect(audience(page, 'Schools').getByRole('link', { name: 'See the demo' })).toHaveAttribute('href', '/public/demo');
  await expect(audience(page, 'Students').getByRole('link', { name: 'Open a report' })).toHaveAttribute('href', '/public/report');
  await expectCleanUnderAxe(page);
  await audience(page, 'Parents').getByRole('link', { name: 'Start a free trial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up as a parent' })).toBeVisible();
});

test('the privacy notice is dated, names the company, has a section for US families and a way to the cookie choices', async ({ page }) => {
  await page.goto('/public/privacy');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Privacy notice' }));
  await expect(page.getByText('Last updated: 27/11/2026')).toBeVisible();
  await expect(page.getByText(/run by Atom Learning Ltd, registered in England and Wales/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Families in the United States (COPPA)' })).toBeVisible();
  await expect(page.getByText(/A parent can review the child’s information, have it deleted/)).toBeVisible();
  await expectCleanUnderAxe(page);
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();

  await page.goto('/public/terms');
  await expect(page.getByText('Last updated: 27/11/2026')).toBeVisible();
  await expect(page.getByText(/provided by Atom Learning Ltd, registered in England and Wales/)).toBeVisible();
});

test('the help icon leads to help with a way to contact us', async ({ page }) => {
  await page.goto('/public/login');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }));
  await page.getByRole('banner').getByRole('link', { name: 'Help and contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
  await expect(page).toHaveURL(/\/public\/help$/);
  await expect(page.getByRole('link', { name: 'support@atomlearning.example' })).toHaveAttribute('href', 'mailto:support@atomlearning.example');
  await expect(page.getByRole('link', { name: 'Technical requirements and supported browsers' })).toHaveAttribute('href', '/public/technical-requirements');
  await expectCleanUnderAxe(page);
});
