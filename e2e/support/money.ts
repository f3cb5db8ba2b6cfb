import { TERMS_VERSION } from '@entry/constants';
import { expect, test } from './test.ts';
import { expectCleanUnderAxe } from './axe.ts';
import { answerCookieBanner } from './cookie-choice.ts';
import { countRowsIn, databaseOfProject } from './database.ts';
import { expectRunning } from './running.ts';
import { expectSignedInStandIn } from './signed-in.ts';
import type { Page } from '@playwright/test';


const US_PRICE = 'Free for 14 days. Then $24.99 a month. Cancel anytime. We’ll email you 3 days before your first payment.';
const UK_PRICE = 'Free for 14 days. Then £19.99 a month. Cancel any time. We’ll email you 3 days before the first payment.';
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));

/**
 * Issue 24, points 1 to 3, in the project's brand at 320 and 390 px: the sign-up follows the visitor's
 * country from the server's first answer with a way to the other's; the trial and the price are stated
 * before the last step and on the check step; the parent gives their name and agrees to the terms,
 * which the server records with the account.
 */
export const describeMoney = () => {
  for (const width of [320, 390]) {
    test.describe(`at ${width} px`, () => {
      test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

      test.describe('a visitor from the US', () => {
        test.use({ viewport: { width, height: 700 }, extraHTTPHeaders: { 'x-country-code': 'US' } });

        test('gets the US sign-up from the server’s first answer, in dollars, with the way to the UK’s', async ({ page, request }) => {
          // Composed on the server already: no flip once the page hydrates.
          const html = await (await request.get('/public/register')).text();
          expect(html).toContain('Signing up in the United States.');
          await page.goto('/public/register/parent');
          await expectRunning(stepHeading(page, 'Choose a plan'));
          // The US plans only: no CAT4, SATs or Key Stage 3.
          await expect(page.getByRole('radio')).toHaveCount(2);
          await expect(page.getByRole('radio', { name: /^Test prep/ })).toBeVisible();
          await expect(page.getByText(US_PRICE)).toBeVisible();
          await expectCleanUnderAxe(page);
          await page.getByRole('link', { name: 'Not in the US? Change' }).click();
          await expect(page).toHaveURL(/\/public\/register\/parent\/en-gb/);
          await expect(page.getByRole('radio')).toHaveCount(5);
          await expect(page.getByText(UK_PRICE)).toBeVisible();
        });

        test('signs up with their name, sees the price again on the check step, agrees to the terms on record, and is greeted by name', async ({
          page,
        }, testInfo) => {
          const email = `us-parent-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
          await page.goto('/public/register/parent');
          await expectRunning(stepHeading(page, 'Choose a plan'));
          await page.getByRole('radio', { name: /^Test prep/ }).check();
          await page.getByRole('button', { name: 'Continue' }).click();
          await expect(stepHeading(page, 'Your account')).toBeVisible();
          await field(page, 'Your first name').fill('Jane');
          await field(page, 'Your last name').fill('Doe');
          await field(page, 'Your email').fill(email);
          await field(page, 'Choose a password').fill('seven purple owls at midnight');
          await page.getByRole('button', { name: 'Continue' }).click();
          await expect(stepHeading(page, 'Your child')).toBeVisible();
          await field(page, 'Child’s first name').fill('Ada');
          await field(page, 'Child’s last name').fill('Lovelace');
          // US grades, not UK years.
          await field(page, 'Grade').selectOption({ label: 'Grade 6' });
          const suggestion = page.getByRole('group', { name: 'Suggested usernames' }).getByRole('button').first();
          const username = (await suggestion.textContent()) ?? '';
          await suggestion.click();
          await expect(page.getByRole('status').filter({ hasText: `${username} is available.` })).toBeVisible();
          await field(page, 'Child’s password').fill('rockets over the reading room');
          await page.getByRole('button', { name: 'Continue' }).click();

          await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
          await expect(page.getByText('Jane Doe', { exact: true })).toBeVisible();
          await expect(page.getByText(US_PRICE)).toBeVisible();
          const agreement = page.getByText(/^By creating an account you agree to the Terms and the Privacy notice\./);
          await expect(agreement).toBeVisible();
          await expect(agreement.getByRole('link', { name: /^Terms/ })).toHaveAttribute('href', '/public/terms');
          await expect(agreement.getByRole('link', { name: /^Privacy notice/ })).toHaveAttribute('href', '/public/privacy');
          await expectCleanUnderAxe(page);
          await page.getByRole('button', { name: 'Create account' }).click();

          await expectSignedInStandIn(page, { role: 'Parent', name: 'Jane Doe' });
          const database = databaseOfProject(testInfo.project.name);
          expect(countRowsIn(database, 'SELECT count(*) AS n FROM terms_agreements a JOIN users u USING (id_user) WHERE u.email = ? AND a.terms_version = ?', email, TERMS_VERSION)).toBe(1);
          expect(
            countRowsIn(database, "SELECT count(*) AS n FROM subscriptions s JOIN users u ON u.id_user = s.id_user WHERE u.email = ? AND s.status = 'trial' AND s.currency = 'usd'", email),
          ).toBe(1);
        });
      });

      test.describe('a visitor from the UK', () => {
        test.use({ viewport: { width, height: 700 }, extraHTTPHeaders: { 'x-country-code': 'GB' } });

        test('gets the UK sign-up in pounds, with the way to the US’s', async ({ page, request }) => {
          const html = await (await request.get('/public/register')).text();
          expect(html).toContain('Signing up in the United Kingdom.');
          await page.goto('/public/register/parent');
          await expectRunning(stepHeading(page, 'Choose a plan'));
          await expect(page.getByRole('radio')).toHaveCount(5);
          await expect(page.getByRole('radio', { name: /^CAT4/ })).toBeVisible();
          await expect(page.getByText(UK_PRICE)).toBeVisible();
          await page.getByRole('link', { name: 'Not in the UK? Change' }).click();
          await expect(page).toHaveURL(/\/public\/register\/parent\/en-us/);
          await expect(page.getByRole('radio')).toHaveCount(2);
          await expect(page.getByText(US_PRICE)).toBeVisible();
        });

        test('a password can be shown and hidden, the rule is there before typing, and the terms are beside the button', async ({ page }) => {
          await page.goto('/public/register/tutor');
          const password = field(page, 'Choose a password');
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
    });
  }
};
