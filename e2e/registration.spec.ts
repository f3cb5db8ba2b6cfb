import { expect, test, type BrowserContext, type Locator, type Page } from './support/test.ts';
import { expectRunning } from './support/running.ts';
import { countRows } from './support/database.ts';
import { expectCleanUnderAxe } from './support/axe.ts';
import { expectSignedInStandIn } from './support/signed-in.ts';

const STRONG = 'seven purple owls at midnight';
const CHILD_PASSWORD = 'rockets over the reading room';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const newEmail = (who: string) => `${who}-${unique()}@example.com`;

/**
 * A visitor who has already answered the cookie banner (SPEC section 9: a saved choice in
 * GTMConsentCookie), so that it stays out of the way of these journeys.
 */
const answerCookieBanner = (context: BrowserContext, baseURL: string | undefined) =>
  context.addCookies([
    {
      name: 'GTMConsentCookie',
      value: encodeURIComponent(JSON.stringify({ necessary: true, analytics: false, advertisement: false, functionality: false })),
      url: baseURL,
    },
  ]);
test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
/** A sign-up ends signed in on the signed-in apps at / (SPEC section 4), as the named kind of account. */
const signedInAs = (page: Page, role: 'Parent' | 'Tutor', name?: string) => expectSignedInStandIn(page, { role, name });

/** The parent's steps, each as a user does it; every helper ends on the next step's heading. */
const parent = {
  choosePlan: async (page: Page, plan = 'Exam preparation') => {
    // A plan picked while the page hydrates can be lost (noted in issue 14's closing note).
    await expectRunning(stepHeading(page, 'Choose a plan'));
    await page.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 'Your account')).toBeVisible();
  },
  fillAccount: async (page: Page, email: string, password = STRONG) => {
    await field(page, 'Your first name').fill('Jane');
    await field(page, 'Your last name').fill('Doe');
    await field(page, 'Your email').fill(email);
    await field(page, 'Choose a password').fill(password);
  },
  fillChild: async (page: Page, firstName: string, lastName: string) => {
    await expect(stepHeading(page, 'Your child')).toBeVisible();
    await field(page, 'Child’s first name').fill(firstName);
    await field(page, 'Child’s last name').fill(lastName);
    await field(page, 'Year group').selectOption({ label: 'Year 6' });
  },
  /** Picks the first suggestion and waits for the server to call it free. */
  pickUsername: async (page: Page): Promise<string> => {
    const suggestion = page.getByRole('group', { name: 'Suggested usernames' }).getByRole('button').first();
    const username = (await suggestion.textContent()) ?? '';
    await suggestion.click();
    await expect(page.getByRole('status').filter({ hasText: `${username} is available.` })).toBeVisible();
    return username;
  },
  upToChild: async (page: Page, email: string) => {
    await page.goto('/public/register/parent');
    await parent.choosePlan(page);
    await parent.fillAccount(page, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 'Your child')).toBeVisible();
  },
  finishChild: async (page: Page) => {
    await parent.fillChild(page, 'Ada', 'Lovelace');
    const username = await parent.pickUsername(page);
    await field(page, 'Child’s password').fill(CHILD_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
    return username;
  },
};

test('a parent signs up through every step, lands signed in, and each step is clean under axe', async ({ page }) => {
  await page.goto('/public/register');
  await expectCleanUnderAxe(page);
  await page.getByRole('link', { name: 'Sign up as a parent' }).click();
  // The first step is the sign-up's own address: landing there changes no address.
  await expect(page).toHaveURL(/\/public\/register\/parent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up as a parent' })).toBeVisible();
  await expectCleanUnderAxe(page);

  await parent.choosePlan(page);
  await expect(page).toHaveURL(/step=account/);
  const email = newEmail('parent');
  await parent.fillAccount(page, email);
  await expect(page.getByRole('status').filter({ hasText: 'Strong enough.' })).toBeVisible();
  await expectCleanUnderAxe(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/step=student/);
  const username = await parent.finishChild(page);
  await expect(page).toHaveURL(/step=confirm/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Ada Lovelace, Year 6')).toBeVisible();
  await expectCleanUnderAxe(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Greeted by the name given, never the email; the agreement to the terms is on record.
  await signedInAs(page, 'Parent', 'Jane Doe');
  expect(countRows("SELECT count(*) AS n FROM terms_agreements a JOIN users u USING (id_user) WHERE u.email = ?", email)).toBe(1);
  expect(countRows("SELECT count(*) AS n FROM users WHERE email = ? AND base = 'parent'", email)).toBe(1);
  expect(countRows("SELECT count(*) AS n FROM users WHERE username = ? AND base = 'student' AND baseYearGroup = 6", username)).toBe(1);
  expect(
    countRows(
      "SELECT count(*) AS n FROM subscriptions s JOIN users u ON u.id_user = s.id_user WHERE u.email = ? AND s.status = 'trial' AND s.plan_purpose = 'exam_preparation' AND s.currency = 'gbp'",
      email,
    ),
  ).toBe(1);
  // The session is a cookie: it survives a reload.
  await page.reload();
  await signedInAs(page, 'Parent', 'Jane Doe');
  // Nothing of the finished sign-up is left behind in the tab.
  expect((await page.evaluate(() => sessionStorage.getItem('registration.parent-draft'))) ?? '').not.toContain('Lovelace');
});

test('a tutor signs up with the subjects they teach, clean under axe', async ({ page }) => {
  await page.goto('/public/register');
  await page.getByRole('link', { name: 'Sign up as a tutor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up as a tutor' })).toBeVisible();
  await expectCleanUnderAxe(page);
  const email = newEmail('tutor');
  await field(page, 'First name').fill('Mary');
  await field(page, 'Last name').fill('Somerville');
  await field(page, 'Email').fill(email);
  await field(page, 'Choose a password').fill(STRONG);
  await page.getByRole('checkbox', { name: 'Maths' }).check();
  await page.getByRole('checkbox', { name: 'Science' }).check();
  await page.getByRole('button', { name: 'Create tutor account' }).click();
  await signedInAs(page, 'Tutor', 'Mary Somerville');
  expect(
    countRows("SELECT count(*) AS n FROM tutor_subjects t JOIN users u ON u.id_user = t.id_user WHERE u.email = ? AND u.base = 'tutor'", email),
  ).toBe(2);
});

test('the US locale offers the US subjects and grades', async ({ page }) => {
  await page.goto('/public/register/tutor/en-us');
  await expect(page.getByRole('checkbox', { name: 'Mathematics achievement' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Science' })).toHaveCount(0);
  await page.goto('/public/register/en-us');
  await page.getByRole('link', { name: 'Sign up as a parent' }).click();
  await expect(page).toHaveURL(/\/public\/register\/parent\/en-us$/);
  await expect(page.getByText('Free for 14 days. Then $24.99 a month. Cancel anytime.')).toBeVisible();
  // US plans in US words: test prep for the schools' admissions tests, no English tests or stages.
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: /^Test prep/ })).toBeVisible();
  await expect(page.getByText(/ISEE, SSAT/)).toBeVisible();
  await expect(page.getByText(/SATs|Key Stage|CAT4|11\+|Practise|carry on/)).toHaveCount(0);
  // The same step for the UK keeps the UK's.
  await page.goto('/public/register/parent?step=select_plan');
  await expect(page.getByRole('radio')).toHaveCount(5);
  await expect(page.getByRole('radio', { name: /^Key Stage 3/ })).toBeVisible();
});

test('a tutor whose email is registered already can go on to log in with it, the email filled in', async ({ page }) => {
  await page.goto('/public/register/tutor');
  await field(page, 'First name').fill('Alex');
  await field(page, 'Last name').fill('Morgan');
  await field(page, 'Email').fill('parent@example.com');
  await field(page, 'Choose a password').fill(STRONG);
  await page.getByRole('checkbox', { name: 'Maths' }).check();
  await page.getByRole('button', { name: 'Create tutor account' }).click();
  await expect(page.getByText('An account already uses this email address.').last()).toBeVisible();
  await page.getByRole('link', { name: 'Log in with it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to your account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email or username' })).toHaveValue('parent@example.com');
  // Handed over in the history entry, never in the address.
  await expect(page).toHaveURL(/\/public\/login$/);
});

test('a weak password is refused with the message, at sign-up and before moving on', async ({ page }) => {
  await page.goto('/public/register/tutor');
  await field(page, 'First name').fill('Weak');
  await field(page, 'Last name').fill('Password');
  await field(page, 'Email').fill(newEmail('weak'));
  await field(page, 'Choose a password').fill('password1');
  await expect(page.getByRole('status').filter({ hasText: /attackers try first|common/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Create tutor account' }).click();
  const password = field(page, 'Choose a password');
  const weak = 'This password is too easy to guess. Choose a longer one, or a few unrelated words together.';
  await expect(page.getByText(weak, { exact: true }).last()).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  // The form's error summary takes the focus; its link leads to the field.
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await page.getByRole('link', { name: weak }).click();
  await expect(password).toBeFocused();

  await page.goto('/public/register/parent');
  await parent.choosePlan(page);
  await parent.fillAccount(page, newEmail('weak'), 'qwertyuiop');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(weak, { exact: true }).last()).toBeVisible();
  await expect(stepHeading(page, 'Your account')).toBeVisible();
});

test('a duplicate email shows the message in place, with everything typed kept', async ({ page }) => {
  await parent.upToChild(page, 'parent@example.com');
  await parent.finishChild(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(stepHeading(page, 'Your account')).toBeVisible();
  await expect(page).toHaveURL(/step=account/);
  const email = field(page, 'Your email');
  await expect(page.getByText('An account already uses this email address.')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('parent@example.com');
  // The ways on from there: that account's login, or its password reset.
  await expect(page.getByRole('link', { name: 'Log in with it' })).toHaveAttribute('href', '/public/login');
  await expect(page.getByRole('link', { name: 'reset its password' })).toHaveAttribute('href', '/public/forgotten');
  // Fixing the email is all it takes.
  const fresh = newEmail('fixed');
  await email.fill(fresh);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Your child')).toBeVisible();
  await expect(field(page, 'Child’s first name')).toHaveValue('Ada');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await signedInAs(page, 'Parent');
  expect(countRows('SELECT count(*) AS n FROM users WHERE email = ?', fresh)).toBe(1);
});

test('username suggestions are asked for only once both names are set', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/usernames/suggestions')) asked.push(request.url());
  });
  await parent.upToChild(page, newEmail('names'));
  await field(page, 'Child’s first name').fill('Grace');
  await page.waitForTimeout(1000);
  await expect(page.getByRole('group', { name: 'Suggested usernames' })).toHaveCount(0);
  expect(asked).toEqual([]);
  await field(page, 'Child’s last name').fill('Hopper');
  const suggestions = page.getByRole('group', { name: 'Suggested usernames' }).getByRole('button');
  await expect(suggestions.first()).toHaveText(/^grace/);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((url) => url.includes('firstName=Grace') && url.includes('lastName=Hopper'))).toBe(true);
  // Clearing a name takes them away again.
  await field(page, 'Child’s first name').fill('');
  await expect(page.getByRole('group', { name: 'Suggested usernames' })).toHaveCount(0);
});

test('reload mid-way keeps the step and what was typed; back and forward move between steps', async ({ page }) => {
  const email = newEmail('reload');
  await parent.upToChild(page, email);
  await parent.fillChild(page, 'Katherine', 'Johnson');
  await page.reload();
  await expect(stepHeading(page, 'Your child')).toBeVisible();
  await expect(page).toHaveURL(/step=student/);
  await expect(field(page, 'Child’s first name')).toHaveValue('Katherine');
  await expect(field(page, 'Child’s last name')).toHaveValue('Johnson');
  await expect(field(page, 'Year group')).toHaveValue('6');

  await page.goBack();
  await expect(stepHeading(page, 'Your account')).toBeVisible();
  await expect(field(page, 'Your email')).toHaveValue(email);
  // The password is never stored, so after the reload it is asked for again.
  await expect(field(page, 'Choose a password')).toHaveValue('');
  await page.goForward();
  await expect(stepHeading(page, 'Your child')).toBeVisible();
  await expect(field(page, 'Child’s first name')).toHaveValue('Katherine');

  // On confirm, the missing password sends the parent back for it, and then the sign-up goes through.
  await parent.pickUsername(page);
  await field(page, 'Child’s password').fill(CHILD_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(stepHeading(page, 'Your account')).toBeVisible();
  await expect(page.getByText('Passwords are not kept when the page reloads. Enter your password again.')).toBeVisible();
  await field(page, 'Choose a password').fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Your child')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await signedInAs(page, 'Parent');

  // A link cannot skip ahead of the steps whose values are missing (for a visitor not signed in).
  await page.context().clearCookies();
  await page.goto('/public/register/parent?step=confirm');
  await expect(stepHeading(page, 'Choose a plan')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/register\/parent$/);
});

/** Presses Tab until `target` has the focus: it is reachable with the keyboard alone. */
const tabTo = async (page: Page, target: Locator) => {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Not reachable with Tab');
};

test('a parent signs up with the keyboard alone', async ({ page }) => {
  await page.goto('/public/register/parent');
  await expect(stepHeading(page, 'Choose a plan')).toBeVisible();
  await tabTo(page, page.getByRole('radio', { name: /^General learning/ }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Exam preparation/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, 'Your account')).toBeFocused();
  await tabTo(page, field(page, 'Your first name'));
  await page.keyboard.type('Ada');
  await tabTo(page, field(page, 'Your last name'));
  await page.keyboard.type('Byron');
  await tabTo(page, field(page, 'Your email'));
  await page.keyboard.type(newEmail('keys'));
  await tabTo(page, field(page, 'Choose a password'));
  await page.keyboard.type(STRONG);
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, 'Your child')).toBeFocused();
  await tabTo(page, field(page, 'Child’s first name'));
  await page.keyboard.type('Alan');
  await tabTo(page, field(page, 'Child’s last name'));
  await page.keyboard.type('Turing');
  const yearGroup = field(page, 'Year group');
  await tabTo(page, yearGroup);
  for (let presses = 0; presses < 20 && (await yearGroup.inputValue()) !== '5'; presses += 1) await page.keyboard.press('ArrowDown');
  await expect(yearGroup).toHaveValue('5');
  const suggestion = page.getByRole('group', { name: 'Suggested usernames' }).getByRole('button').first();
  await expect(suggestion).toBeVisible();
  await tabTo(page, suggestion);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'is available.' })).toBeVisible();
  await tabTo(page, field(page, 'Child’s password'));
  await page.keyboard.type(CHILD_PASSWORD);
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, 'Check and confirm')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await signedInAs(page, 'Parent');
});

test('a network failure loses nothing typed, and trying again works', async ({ page }) => {
  await page.goto('/public/register/tutor');
  const email = newEmail('offline');
  await field(page, 'First name').fill('Ada');
  await field(page, 'Last name').fill('Byron');
  await field(page, 'Email').fill(email);
  await field(page, 'Choose a password').fill(STRONG);
  await page.getByRole('checkbox', { name: 'English' }).check();
  // The request never reaches the server, as when the connection drops.
  await page.route('**/ms_accounts/users/public', (route) => route.abort('internetdisconnected'), { times: 1 });
  await page.getByRole('button', { name: 'Create tutor account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not reach the server.' })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Choose a password')).toHaveValue(STRONG);
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();
  await page.getByRole('button', { name: 'Create tutor account' }).click();
  await signedInAs(page, 'Tutor');
});

test('an invitation without a token says the link is not complete, in words', async ({ page }) => {
  await page.goto('/public/invitation');
  await expect(page.getByRole('heading', { level: 1, name: 'Your tutor’s invitation' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This invitation link is not complete.' })).toBeVisible();
  await expect(page.getByText('Missing required token')).toHaveCount(0);
  await expectCleanUnderAxe(page);
});
