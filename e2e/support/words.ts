import { expect, test, type Page } from './test.ts';
import { expectCleanUnderAxe } from './axe.ts';
import { answerCookieBanner } from './cookie-choice.ts';
import { databaseOfProject, issueAccessCode, lastMailTo } from './database.ts';
import { expectFitsScreen } from './layout.ts';
import { expectRunning } from './running.ts';
import { logIn, newTutorAccount } from './signed-in.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const loginForm = (page: Page) => page.getByRole('form', { name: 'Log in' });

/**
 * Issue 24, points 7, 10, 11 and 14, in the project's brand at 320 and 390 px: errors in words that stay
 * by their fields, a reset that ends on the login with a lasting message, each outcome of a code under
 * its own heading, and a taster result that explains every answer.
 */
export const describeWordsOnPhones = () => {
  for (const width of [320, 390]) {
    test.describe(`a ${width} px phone`, () => {
      test.use({ viewport: { width, height: 700 } });
      test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

      test('an empty login and a wrong password are named in an error summary that stays, and under each field', async ({ page }) => {
        await page.goto('/public/login');
        await expectRunning(heading(page, 'Log in to your account'));
        await loginForm(page).getByRole('button', { name: 'Log in' }).click();
        const summary = loginForm(page).getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
        await expect(summary).toBeFocused();
        await expect(summary.getByRole('link')).toHaveText(['Enter your email address or username', 'Enter your password']);
        await expect(loginForm(page).getByRole('textbox', { name: 'Email or username' })).toHaveAccessibleDescription('Enter your email address or username');
        await expectFitsScreen(page, 'login with errors');

        await logIn(page, { login: `nobody-${Date.now()}@example.com`, password: 'not-the-password' });
        const wrong = page.getByRole('alert').filter({ hasText: 'and the password do not match' });
        await expect(wrong).toBeFocused();
        await expect(loginForm(page).getByLabel(/^Password\*?$/)).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(/Missing params|Bad request|Database error/)).toHaveCount(0);
        await expectCleanUnderAxe(page);
      });

      test('a reset by the mailed link ends on the login, the email filled in and a message that stays', async ({ page, request, baseURL }, testInfo) => {
        const tutor = await newTutorAccount(request, baseURL as string);
        await page.goto('/public/forgotten');
        await expectRunning(heading(page, 'Reset your password'));
        await page.getByRole('textbox', { name: 'Email' }).fill(tutor.login);
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await expect(page.getByRole('status').filter({ hasText: `If an account exists for ${tutor.login}` })).toBeVisible();
        const mail = () => lastMailTo(tutor.login, databaseOfProject(testInfo.project.name)) ?? '';
        await expect.poll(mail).toMatch(/\/public\/reset\/[\w-]+/);
        await page.goto(/\/public\/reset\/[\w-]+/.exec(mail())?.[0] as string);
        await expectRunning(heading(page, 'Choose a new password'));
        await expect(page.getByText(/^At least 8 characters\./)).toBeVisible();
        await expectFitsScreen(page, 'reset');
        await page.getByLabel(/^New password\*?$/).fill('seven purple owls at midnight');
        await page.getByLabel(/^Repeat the new password\*?$/).fill('seven purple owls at midnight');
        await page.getByRole('button', { name: 'Save new password' }).click();
        await expect(page).toHaveURL(/\/public\/login$/);
        await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
        await expect(loginForm(page).getByRole('textbox', { name: 'Email or username' })).toHaveValue(tutor.login);
        await expectCleanUnderAxe(page);
      });

      test('a used sign-in link and an unknown report code each say what happened under a heading of their own', async ({ page, context }, testInfo) => {
        const code = issueAccessCode('demo-applicant', 1001, testInfo.project.name === 'quest' ? 'quest' : 'atom');
        await page.goto(`/public/magic/${code}`);
        await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
        await context.clearCookies({ name: /session/ });
        await page.goto(`/public/magic/${code}`);
        await expectRunning(heading(page, 'This sign-in link has already been used or has expired'));
        await expect(page.getByText(/Signing you in|If nothing happens|Resource not found/)).toHaveCount(0);
        await expectFitsScreen(page, 'magic link used');
        await expectCleanUnderAxe(page);

        await page.goto('/public/report/NOSUCHCODE2');
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(heading(page, 'We could not find a report for this access code')).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Access code' })).toHaveAttribute('aria-invalid', 'true');
        await expectFitsScreen(page, 'report code unknown');
      });

      test('a first try at a taster with nothing right gets a kind word, every answer explained and a way on', async ({ page }) => {
        await page.goto('/public/taster/oakwood/test/3');
        await expectRunning(page.getByRole('button', { name: 'Start the test' }));
        await page.getByRole('button', { name: 'Start the test' }).click();
        await page.getByRole('radio', { name: 'apple' }).check();
        await page.getByRole('button', { name: 'Finish test' }).last().click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Submit answers' }).click();

        await expect(page.getByRole('heading', { name: 'Your result' })).toBeFocused();
        await expect(page.getByText('A good first go. Every answer is explained below, so the next try will feel easier.')).toBeVisible();
        await expect(page.getByRole('heading', { name: 'What went well' })).toHaveCount(0);
        await expect(page.getByText('0 of 3 marked questions right (0%).')).toBeVisible();
        const reviews = page.locator('.result-item');
        await expect(reviews.getByRole('heading')).toHaveText(['Question 1 of 3: Not quite', 'Question 2 of 3: Not quite', 'Question 3 of 3: Not quite']);
        await expect(reviews.first().getByRole('definition')).toHaveText(['apple', 'carrot', 'Apple, banana and cherry are fruits; a carrot is a vegetable.']);
        await expect(reviews.nth(1).getByRole('definition')).toHaveText(['No answer', 'GH', /next two letters of the alphabet/]);

        const signUp = page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true });
        const another = page.getByRole('link', { name: 'Try another test from Oakwood School' });
        for (const action of [signUp, another, page.getByRole('button', { name: 'Take this test again' })]) {
          await action.scrollIntoViewIfNeeded();
          await expect(action).toBeInViewport();
          expect((await action.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
        }
        await expectFitsScreen(page, 'taster result');
        await expectCleanUnderAxe(page);
      });
    });
  }
};
