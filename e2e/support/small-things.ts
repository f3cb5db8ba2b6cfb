import { expect, newVisitorPage, test, type Page } from './test.ts';
import { expectCleanUnderAxe } from './axe.ts';
import { answerCookieBanner } from './cookie-choice.ts';
import { countRowsIn, databaseOfProject } from './database.ts';
import { expectFitsScreen, signInParent } from './layout.ts';
import { expectRunning } from './running.ts';
import { DEMO, expectSignedInStandIn, logIn, newTutorAccount } from './signed-in.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
const loginForm = (page: Page) => page.getByRole('form', { name: 'Log in' });

/** Up to the parent sign-up's child step, as a UK visitor. */
const upToChild = async (page: Page) => {
  await page.goto('/public/register/parent/en-gb');
  await expectRunning(stepHeading(page, 'Choose a plan'));
  await page.getByRole('radio', { name: /^Exam preparation/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await field(page, 'Your first name').fill('Jane');
  await field(page, 'Your last name').fill('Doe');
  await field(page, 'Your email').fill(`small-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`);
  await field(page, 'Choose a password').fill('seven purple owls at midnight');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Your child')).toBeVisible();
};

/**
 * Issue 24, points 7 (a wrong password), 11 (a tutor's invitation) and 15 (the small ones), in the
 * project's brand at 320 and 390 px.
 */
export const describeSmallThingsOnPhones = () => {
  for (const width of [320, 390]) {
    test.describe(`a ${width} px phone`, () => {
      test.use({ viewport: { width, height: 700 } });
      test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

      test('a wrong password marks both fields, says so in the summary and stays; login_failed is recorded', async ({ page }, testInfo) => {
        // The event carries the page URL: a marker in it tells this test's event from its neighbours'.
        const marker = `e2e-${Date.now()}-${width}`;
        await page.goto(`/public/login?from=${marker}`);
        await expectRunning(heading(page, 'Log in to your account'));
        await logIn(page, { login: `nobody-${Date.now()}@example.com`, password: 'not-the-password' });
        const summary = page.getByRole('alert').filter({ hasText: 'and the password do not match' });
        await expect(summary).toBeFocused();
        await expect(loginForm(page).getByRole('textbox', { name: 'Email or username' })).toHaveAttribute('aria-invalid', 'true');
        await expect(loginForm(page).getByLabel(/^Password\*?$/)).toHaveAttribute('aria-invalid', 'true');
        await expectFitsScreen(page, 'login with a wrong password');
        // Not a toast: it is still there after a toast would have gone.
        await page.waitForTimeout(7000);
        await expect(summary).toBeVisible();
        const database = databaseOfProject(testInfo.project.name);
        await expect
          .poll(() => countRowsIn(database, "SELECT count(*) AS n FROM gateway_events WHERE event_name = 'login_failed' AND payload LIKE ?", `%${marker}%`))
          .toBe(1);
      });

      test('the login field is a text field for a username, its placeholder saying so, with no email keyboard', async ({ page }) => {
        await page.goto('/public/login');
        const username = loginForm(page).getByRole('textbox', { name: 'Email or username' });
        await expectRunning(username);
        await expect(username).toHaveAttribute('type', 'text');
        await expect(username).toHaveAttribute('autocomplete', 'username');
        await expect(username).toHaveAttribute('placeholder', /email or username/i);
        expect(await username.getAttribute('inputmode')).not.toBe('email');
      });

      test('a tutor’s invitation accepted by a student ends saying the tutor link is made', async ({ page, browser, baseURL, request }, testInfo) => {
        const tutor = await newTutorAccount(request, baseURL as string);
        await page.goto('/public/login');
        await expectRunning(heading(page, 'Log in to your account'));
        await logIn(page, tutor);
        await expectSignedInStandIn(page, { name: tutor.name, role: 'Tutor' });
        // The tutor's tools (not part of this site) make the link; the signed-in tutor asks the server for one.
        const { token } = await page.evaluate(async () => {
          const response = await fetch('/ms_accounts/tutor-invites', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
          return (await response.json()) as { token: string };
        });

        const student = await newVisitorPage(browser, testInfo, 'student', { baseURL, viewport: { width, height: 700 } });
        await answerCookieBanner(student.context(), baseURL);
        await student.goto(`/public/invitation?token=${token}`);
        await expect(student.getByText(`${tutor.name} has invited you to join them as their student.`)).toBeVisible();
        await expectFitsScreen(student, 'invitation');
        await field(student, 'Username').fill(DEMO.student.login);
        await field(student, 'Password').fill(DEMO.student.password);
        await student.getByRole('button', { name: 'Accept invitation' }).click();
        await expect(heading(student, `You are now ${tutor.name}’s student`)).toBeVisible();
        await expect(student.getByRole('status')).toContainText(`The link with ${tutor.name} is made`);
        await expectFitsScreen(student, 'invitation accepted');
        await expectCleanUnderAxe(student);
        await student.getByRole('button', { name: 'Continue to your account' }).click();
        await expectSignedInStandIn(student, { name: DEMO.student.name, role: 'Student' });
        expect(
          countRowsIn(
            databaseOfProject(testInfo.project.name),
            "SELECT count(*) AS n FROM student_links l JOIN users s ON s.id_user = l.id_student JOIN users t ON t.id_user = l.id_supervisor WHERE s.username = ? AND t.email = ? AND l.relation = 'tutor'",
            DEMO.student.login,
            tutor.login,
          ),
        ).toBe(1);
        await student.context().close();
      });

      test('the child step: the UK years in order, no name hint once both names are in, suggestions that fit', async ({ page }) => {
        await upToChild(page);
        const years = (await field(page, 'Year group').locator('option').allTextContents()).filter((year) => year !== 'Choose…');
        expect(years).toEqual(['Nursery', 'Reception', ...[1, 2, 3, 4, 5, 6].map((n) => `Year ${n}`), 'Year 6 plus', ...[7, 8, 9, 10, 11, 12].map((n) => `Year ${n}`)]);

        const hint = page.getByText('Enter your child’s first and last name to see suggested usernames.');
        await expect(hint).toBeVisible();
        await field(page, 'Child’s first name').fill('Maya');
        await field(page, 'Child’s last name').fill('Okonkwo');
        const suggestions = page.getByRole('group', { name: 'Suggested usernames' }).getByRole('button');
        await expect(suggestions.first()).toHaveText(/^maya/);
        await expect(hint).toHaveCount(0);
        // Each suggestion's words fit its box, and each box is on the screen.
        for (const suggestion of await suggestions.all()) {
          const { cut, right } = await suggestion.evaluate((button) => ({
            cut: button.scrollWidth > button.clientWidth,
            right: button.getBoundingClientRect().right,
          }));
          expect(cut, `${await suggestion.textContent()} is cut off`).toBe(false);
          expect(right).toBeLessThanOrEqual(width);
        }
        // The server's verdict held back: "Checking …" shows alone, with no word about the names.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/usernames\/(?!suggestions)[^/?]+$/, async (route) => {
          await held;
          await route.continue();
        });
        const username = (await suggestions.first().textContent()) ?? '';
        await suggestions.first().click();
        await expect(page.getByText(`Checking ${username}…`)).toBeVisible();
        await expect(hint).toHaveCount(0);
        release();
        await expect(page.getByRole('status').filter({ hasText: `${username} is available.` })).toBeVisible();
        await expect(hint).toHaveCount(0);
        await expectFitsScreen(page, 'child step');
      });

      test('parent and tutor each have a picture of their own on the way in', async ({ page }) => {
        await page.goto('/public/register');
        const choices = page.getByRole('main').locator('svg.ui-illustration');
        await expect(choices).toHaveCount(2);
        const pictures = await choices.evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('data-audience')));
        expect(pictures).toEqual(['parent', 'student']);
      });

      test('the demo page offers a signed-in visitor the way to their account, not Log in', async ({ page, baseURL }) => {
        await signInParent(page.request, baseURL as string);
        await page.goto('/public/demo');
        await expectRunning(heading(page, 'See the platform in action'));
        await expect(page.getByRole('main').getByRole('link', { name: 'Go to your account' })).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveCount(0);
        await expectFitsScreen(page, 'demo signed in');
      });

      test('the technical requirements ask no wider screen than the phone that is told its browser is supported', async ({ page }) => {
        await page.goto('/public/technical-requirements');
        await expectRunning(heading(page, 'Technical requirements'));
        await expect(page.getByRole('status').filter({ hasText: 'Your browser is supported.' })).toBeVisible();
        await expect(page.getByText(/^A screen of any size from a phone up/)).toBeVisible();
        await expect(page.getByRole('main')).not.toContainText(/\d{3,4} ?(px|pixels)/);
        await expectFitsScreen(page, 'technical requirements');
      });

      test('the reset page is clean under axe while its spinner checks the link', async ({ page }) => {
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/reset-token/**', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto('/public/reset/e2e-never-issued');
        const spinner = page.getByRole('status').filter({ hasText: 'Checking your link…' });
        await expect(spinner).toBeAttached();
        await expect(page.locator('.rt-Spinner')).toBeVisible();
        await expectCleanUnderAxe(page);
        release();
        await expect(spinner).toHaveCount(0);
      });
    });
  }
};
