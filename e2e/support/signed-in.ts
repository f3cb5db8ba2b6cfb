import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TERMS_VERSION } from '@entry/constants';

/** The demo accounts `npm start` seeds (server/src/accounts/seed.ts), with the names they go by. */
export const DEMO = {
  parent: { login: 'parent@example.com', password: 'learning-together-42', name: 'Alex Morgan', role: 'Parent' },
  tutor: { login: 'tutor@example.com', password: 'tutoring-matters-42', name: 'Demo Tutor', role: 'Tutor' },
  teacher: { login: 'teacher@example.com', password: 'quest-for-progress-42', name: 'Daniel Hughes', role: 'Teacher', school: 'Oakwood School' },
  student: { login: 'demo-student', password: 'reading-rocket-42', name: 'Maya Patel', role: 'Student' },
} as const;

export type Account = { login: string; password: string };

/**
 * A tutor account of the test's own, made through the sign-up call as the registration screens make
 * it, for a test that changes an account (its password, say) without touching the shared demo ones.
 */
export const newTutorAccount = async (request: APIRequestContext, baseURL: string): Promise<Account & { name: string }> => {
  const login = `tutor-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'ninety-nine red balloons';
  const response = await request.post('/ms_accounts/users/public', {
    headers: { Origin: baseURL, 'X-Requested-With': 'XMLHttpRequest' },
    data: { userType: 'tutor', email: login, password, localeCode: 'en-gb', firstName: 'Ada', lastName: 'Lovelace', termsVersion: TERMS_VERSION, subjects: ['maths'] },
  });
  expect(response.status()).toBe(201);
  return { login, password, name: 'Ada Lovelace' };
};

/** Fills and sends the login form of SPEC section 2. */
export const logIn = async (page: Page, { login, password }: Account) => {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('textbox', { name: 'Email or username' }).fill(login);
  await form.getByLabel(/^Password\*?$/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
};

type StandIn = { name?: string; role?: string; school?: string; report?: string; next?: string };

/**
 * The page is the server's stand-in for the signed-in apps at `/` (SPEC section 4), naming who is
 * signed in, and, given `next`, where the checked redirect would continue.
 */
export const expectSignedInStandIn = async (page: Page, { name, role, school, report, next }: StandIn) => {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: name ? `Welcome, ${name}` : /^Welcome, / })).toBeVisible();
  const facts = page.getByRole('definition');
  if (role) await expect(facts.filter({ hasText: new RegExp(`^${role}$`) })).toBeVisible();
  if (school) await expect(facts.filter({ hasText: new RegExp(`^${school}$`) })).toBeVisible();
  if (report) await expect(facts.filter({ hasText: report })).toBeVisible();
  if (next) {
    await expect(page.getByRole('link', { name: next, exact: true })).toHaveAttribute('href', next);
  } else {
    await expect(page.getByText('The platform would now continue to')).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
};
