import { expect, test } from './support/test.ts';
import { expectRunning } from './support/running.ts';
import { ROUTE_SAMPLES } from './support/routes.ts';

const NOT_FOUND = 'Sorry, this page is missing.';

for (const { path, owner, heading } of ROUTE_SAMPLES) {
  test(`${path} is rendered by ${owner}`, async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      const match = /\/public\/remotes\/([a-z]+)\//.exec(request.url());
      if (match?.[1]) remoteRequests.push(match[1]);
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
    // A remote's screen comes from that remote and no other; a shell page loads no remote at all.
    expect([...new Set(remoteRequests)]).toEqual(owner === 'shell' ? [] : [owner]);
  });
}

test('a deeper unmatched path shows not-found with the audience line, and Home goes home', async ({ page }) => {
  const response = await page.goto('/public/no/such/page');
  // The server composes the not-found screen, and says so to whoever asks: crawlers, link checkers.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
  await expect(page.getByText('Let’s get back on track.')).toBeVisible();
  await expect(page).toHaveTitle(`${NOT_FOUND} · Atom Learning`);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/public\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Atom Learning' })).toBeVisible();
});

test('signed in, the not-found line speaks to the audience: a teacher hears about teaching', async ({ page, baseURL }) => {
  // By username, as the invigilator helper does: the login tests may hold the teacher's email behind a captcha.
  const login = await page.request.post('/ms_accounts/auth/login', {
    headers: { Origin: new URL(baseURL as string).origin, 'X-Requested-With': 'XMLHttpRequest' },
    data: { username: 'demo-teacher', password: 'quest-for-progress-42' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/public/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
  await expect(page.getByText('Let’s get back to teaching and learning.')).toBeVisible();
  // In already: the way home, never Log in or Sign up.
  await expect(page.getByRole('navigation', { name: 'Ways in' }).getByRole('link')).toHaveText(['Home']);
});

test('opening /public/login brings the versions the server composed it with, and nothing from the other remotes', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/public/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to your account' })).toBeVisible();
  // The server read the registry for this visit: the page carries the versions, so it asks for none.
  const state = JSON.parse((await page.locator('#entry-page-state').textContent()) ?? '{}') as { remotes?: { login?: { version: string } } };
  expect(requests.some((url) => url.includes(`/public/remotes/login/${state.remotes?.login?.version}/`))).toBe(true);
  expect(requests.some((url) => url.endsWith('/public/remotes.json'))).toBe(false);
  for (const other of ['taster', 'registration', 'assessments']) {
    expect(requests.filter((url) => url.includes(`/public/remotes/${other}/`))).toEqual([]);
  }
});

test('a deep link survives a reload', async ({ page }) => {
  await page.goto('/public/taster/oakwood/test/7');
  await expect(page.getByRole('heading', { level: 1, name: 'Familiarisation test' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Familiarisation test' })).toBeVisible();
  await expect(page).toHaveTitle('Familiarisation test · Atom Learning');
});

test('client-side navigation moves between remotes without a page load', async ({ page }) => {
  await page.goto('/public/login');
  // Before the scripts run, the header's links are plain links: a page load.
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }));
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});
