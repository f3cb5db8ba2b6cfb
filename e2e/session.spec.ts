import { expect, test, type Page } from './support/test.ts';
import { expectCleanUnderAxe } from './support/axe.ts';
import { endSessionsOf, issueAccessCode } from './support/database.ts';
import { DEMO, expectSignedInStandIn, logIn, newTutorAccount } from './support/signed-in.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('every sign-in lands on the signed-in apps at / (SPEC section 4)', () => {
  for (const account of Object.values(DEMO)) {
    test(`the demo ${account.role.toLowerCase()} logs in and the stand-in names them`, async ({ page }) => {
      await page.goto('/public/login');
      await logIn(page, account);
      await expectSignedInStandIn(page, { name: account.name, role: account.role, school: 'school' in account ? account.school : undefined });
    });
  }

  test('with a redirect, the login lands on /?redirect= and the stand-in says where it would continue', async ({ page }) => {
    await page.goto('/public/login?redirect=%2Fapp%3Fx%3D1');
    await logIn(page, DEMO.student);
    await expect(page).toHaveURL(/\/\?redirect=%2Fapp%3Fx%3D1$/);
    await expectSignedInStandIn(page, { name: DEMO.student.name, next: '/app?x=1' });
    await expectCleanUnderAxe(page);
  });

  test('a report code lands on / and the stand-in names the report it opened', async ({ page }) => {
    const report = 'Pupil report for Maya Patel: Year 6 spring assessment, Oakwood School';
    const code = issueAccessCode('demo-student', 1001, 'atom', { report });
    await page.goto('/public/report');
    await page.getByRole('textbox', { name: 'Access code' }).fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectSignedInStandIn(page, { name: DEMO.student.name, report });
  });

  test('a wrong report code says what happened and what to do next, in words', async ({ page }) => {
    await page.goto('/public/report/NOSUCHCODE2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find a report for this access code' })).toBeVisible();
    await expect(page.getByText('ask the school for a new one')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Access code' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Resource not found')).toHaveCount(0);
  });

  test('a visitor without a session who opens / goes to the login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/public\/login$/);
    await expect(heading(page, 'Log in to your account')).toBeVisible();
  });
});

test.describe('a signed-in visitor on /public', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/public/login');
    await logIn(page, DEMO.parent);
    await expectSignedInStandIn(page, { name: DEMO.parent.name });
  });

  test('sees their name and Log out in the header, never Log in or Sign up', async ({ page }) => {
    await page.goto('/public/technical-requirements');
    await expect(mainNav(page).getByRole('link', { name: DEMO.parent.name })).toHaveAttribute('href', '/');
    await expect(mainNav(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await expectCleanUnderAxe(page);
    // Their name leads to the signed-in apps, a full page load out of /public.
    await mainNav(page).getByRole('link', { name: DEMO.parent.name }).click();
    await expectSignedInStandIn(page, { name: DEMO.parent.name });
  });

  for (const path of ['/public/login', '/public/', '/public/register', '/public/register/parent', '/public/register/tutor']) {
    test(`who opens ${path} goes on to /`, async ({ page }) => {
      await page.goto(path);
      await expectSignedInStandIn(page, { name: DEMO.parent.name });
    });
  }

  test('who opens the login with a redirect goes on to it', async ({ page }) => {
    await page.goto('/public/login?redirect=%2Fpublic%2Ftaster%2Foakwood');
    await expect(page).toHaveURL(/\/public\/taster\/oakwood$/);
    await expect(heading(page, 'Try a taster test')).toBeVisible();
  });

  test('who logs out from the header is back at the login', async ({ page }) => {
    await page.goto('/public/demo');
    await mainNav(page).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/public\/login$/);
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});

test('a visitor whose session ends on the server is logged out by the next call, local storage cleared', async ({ page, request, baseURL }) => {
  // An account of its own: ending its sessions must not end another test's.
  const account = await newTutorAccount(request, baseURL as string);
  await page.goto('/public/login');
  await logIn(page, account);
  await expectSignedInStandIn(page, { name: account.name });
  await page.goto('/public/technical-requirements');
  await expect(mainNav(page).getByText(account.name)).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('left-behind', '1');
    sessionStorage.setItem('firstLogin', 'true');
  });
  endSessionsOf(account.login);
  await page.reload();
  await expect(page).toHaveURL(/\/public\/login$/);
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('left-behind'), sessionStorage.getItem('firstLogin')])).toEqual([null, null]);
  await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  // The ended session's cookie went with the logout: the next visit is simply signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/public\/login$/);
});

test('an anonymous visit to /public/forgotten stays there', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) refused.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/public/forgotten');
  await expect(heading(page, 'Reset your password')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/public\/forgotten$/);
  expect(refused).toEqual([]);
});

test('feature flags load: every evaluation is answered, none refused', async ({ page }) => {
  const evaluations: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/ofrep/')) evaluations.push(response.status());
  });
  // The not-found screen waits for the flags (SPEC section 2), so it evaluates them.
  await page.goto('/public/no/such/page');
  await expect(heading(page, 'Sorry, this page is missing.')).toBeVisible();
  await expect.poll(() => evaluations.length).toBeGreaterThan(0);
  expect(evaluations.every((status) => status === 200 || status === 304)).toBe(true);
});

test('the pages the parent registration links to answer with stand-in pages', async ({ page }) => {
  await page.goto('/signup-select-student');
  await expect(heading(page, 'Choose your child’s account')).toBeVisible();
  await page.goto('/student_registration/2');
  await expect(heading(page, 'Your child signs up')).toBeVisible();
  await expectCleanUnderAxe(page);
  await page.getByRole('link', { name: 'Back to sign-up' }).click();
  await expect(page).toHaveURL(/\/public\/register\/parent/);
});

test('a refused invitation changes nothing: the visitor stays who they were, and is told why', async ({ page }) => {
  await page.goto('/public/login');
  await logIn(page, DEMO.parent);
  await expectSignedInStandIn(page, { name: DEMO.parent.name });
  await page.goto('/public/invitation?token=demo-tutor-invite');
  await expect(page.getByText('Demo Tutor has invited you to join them as their student.')).toBeVisible();
  // The tutor's own credentials: a real account, but not a student's.
  await page.getByLabel(/^Username/).fill(DEMO.tutor.login);
  await page.getByLabel(/^Password\*?$/).fill(DEMO.tutor.password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Only a student can accept a tutor’s invitation' })).toContainText('Log in with the student’s account');
  await expect(mainNav(page).getByText(DEMO.parent.name)).toBeVisible();
  await page.goto('/');
  await expectSignedInStandIn(page, { name: DEMO.parent.name, role: 'Parent' });
});
