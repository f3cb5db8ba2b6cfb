import { expect, test } from './support/test.ts';
import { expectCleanUnderAxe } from './support/axe.ts';
import { expectRunning } from './support/running.ts';

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 }, extraHTTPHeaders: { 'x-country-code': 'US' } });

    test('a US visitor gets the US sign-up from the server’s first answer, with the way to the UK’s', async ({ page, request }) => {
      // Composed on the server already: no flip once the page hydrates.
      const html = await (await request.get('/public/register')).text();
      expect(html).toContain('Signing up in the United States.');
      await page.goto('/public/register/parent');
      await expectRunning(page.getByRole('heading', { level: 2, name: 'Choose a plan' }));
      await expect(page.getByRole('radio')).toHaveCount(2);
      await expect(page.getByText('Free for 14 days. Then $24.99 a month. Cancel anytime. We’ll email you 3 days before your first payment.')).toBeVisible();
      await expectCleanUnderAxe(page);
      await page.getByRole('link', { name: 'Not in the US? Change' }).click();
      await expect(page).toHaveURL(/\/public\/register\/parent\/en-gb/);
      await expect(page.getByRole('radio')).toHaveCount(5);
      await expect(page.getByText(/Then £19\.99 a month\. Cancel any time\./)).toBeVisible();
    });

    test('a password can be shown and hidden, and the rule is there before typing', async ({ page }) => {
      await page.goto('/public/register/tutor/en-gb');
      const password = page.getByLabel(/^Choose a password\*?$/);
      await expectRunning(password);
      await expect(page.getByText(/^At least 8 characters\./)).toBeVisible();
      await password.fill('seven purple owls');
      const show = page.getByRole('button', { name: 'Show password' });
      const box = await show.boundingBox();
      expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      await show.click();
      await expect(password).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      await expect(password).toHaveAttribute('type', 'password');
      await expect(page.getByText(/^By creating an account you agree to the Terms and the Privacy notice\.$/)).toBeVisible();
    });
  });
}
