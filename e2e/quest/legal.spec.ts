import { expect, test } from '../support/test.ts';
import { expectCleanUnderAxe } from '../support/axe.ts';
import { expectRunning } from '../support/running.ts';
import { expectSocialImage } from '../support/social-image.ts';

test('quest’s privacy notice keeps its promise of cookie choices: Cookie settings opens them', async ({ page }) => {
  await page.goto('/public/privacy');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Privacy notice' }));
  await expect(page.getByText('Last updated: 27/11/2026')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Families in the United States (COPPA)' })).toBeVisible();
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  await expectCleanUnderAxe(page);
});

test('quest’s home has a way in for each audience, one title and quest’s own link-preview picture', async ({ page, request, baseURL }) => {
  const html = await (await request.get('/public/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  await expectSocialImage(request, head, baseURL as string, 'quest');
  await page.goto('/public/');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Welcome to Atom Quest' }));
  expect(await page.locator('title').count()).toBe(1);
  await expect(page).toHaveTitle('Home · Atom Quest');
  for (const name of ['Parents', 'Schools', 'Students']) await expect(page.getByRole('region', { name }).getByRole('link', { name: 'Log in' })).toBeVisible();
  await expectCleanUnderAxe(page);
});
