import { expect, test } from '../support/test.ts';

/** Google's sign-in library, as far as the login screen uses it; the real one cannot load offline. */
const GSI_STAND_IN = `window.google = { accounts: {
  oauth2: { initCodeClient: () => ({ requestCode() {} }), initTokenClient: () => ({ requestAccessToken() {} }) },
  id: { initialize() {}, prompt() {}, renderButton() {}, disableAutoSelect() {} },
} };`;

test('with the quest Google flag on in the flags file, the quest login offers Sign in with Google', async ({ page }) => {
  const evaluations: { status: number; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/ofrep/')) evaluations.push({ status: response.status(), body: await response.text().catch(() => '') });
  });
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GSI_STAND_IN }),
  );
  await page.goto('/public/login');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  expect(evaluations.length).toBeGreaterThan(0);
  expect(evaluations.every(({ status }) => status === 200 || status === 304)).toBe(true);
  expect(evaluations.some(({ body }) => /"key":"schools-quest-google-sign-in","value":true/.test(body))).toBe(true);
});

test('without Google’s script the button stays hidden (SPEC section 2), flag or not', async ({ page }) => {
  await page.route('https://accounts.google.com/gsi/client', (route) => route.abort('internetdisconnected'));
  await page.goto('/public/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to your account' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
});
