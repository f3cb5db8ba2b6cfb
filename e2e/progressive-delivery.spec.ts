import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expectCleanUnderAxe } from './support/axe.ts';
import { movePointers, publishRewordedVersion, readRegistry } from './support/faulty-versions.ts';
import { freePort, startReferenceServer } from './support/processes.ts';
import { expectRunning } from './support/running.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 25, preview links and open tabs: `npm run preview -- registration <version>` prints a signed, expiring link; the browser that
 * opens it gets that version, composed on the server, with a "Preview of ... · Leave" bar on every page,
 * until it leaves. Everybody else keeps live. A server of its own, on a copy of the built site, where a
 * version with another heading is published (never live, never a canary).
 */
test.describe.configure({ mode: 'serial' });

const repo = join(import.meta.dirname, '..');
const SECRET = 'e2e-preview-secret';
const RELEASES_TOKEN = 'e2e-releases-token-of-24-chars-or-more';
const VERSION = 'preview-e2e';
const folder = mkdtempSync(join(tmpdir(), 'entry-preview-'));
const site = join(folder, 'public');
let origin: string;
let server: { stop: () => Promise<void> };

test.beforeAll(async () => {
  cpSync(join(repo, 'dist', 'public'), site, { recursive: true });
  publishRewordedVersion(site, 'registration', VERSION, 'Create your account', 'Open an account with us');
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startReferenceServer({ PORT: String(port), PUBLIC_DIR: site, DATABASE_PATH: join(folder, 'preview.sqlite'), LINK_SECRET: SECRET, RELEASES_TOKEN });
});

test.afterAll(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

const previewLink = async (version = VERSION, env: Record<string, string> = { LINK_SECRET: SECRET }) => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['release/src/run.js', 'preview', 'registration', version, '--expires', '1h', '--target', site, '--server', origin],
    { cwd: repo, env: { ...process.env, ...env } },
  ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return { output: stdout, link: /(http:\/\/\S+\/preview\/\S+)/.exec(stdout)?.[1] };
};

test('a preview link pins its browser to the version, composed on the server, with a bar to leave by', async ({ page }, testInfo) => {
  const { output, link } = await previewLink();
  expect(output).toContain(`Preview of registration ${VERSION}, for whoever opens it until`);
  expect(link).toBeDefined();

  await page.goto(link as string);
  await expect(page).toHaveURL(`${origin}/public/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open an account with us' })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Preview' });
  await expect(bar).toHaveText(`Preview of registration ${VERSION} · Leave`);
  // Composed on the server with the pinned version: the first answer already says it.
  const first = await (await page.request.get(`${origin}/public/register`)).text();
  expect(first).toMatch(/<h1[^>]*>Open an account with us</);
  expect(first).toContain(`Preview of registration ${VERSION}`);
  await expectCleanUnderAxe(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`preview-atom-${width}.png`) });
  }

  await page.goto(`${origin}/public/login`);
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
  await page.getByRole('region', { name: 'Preview' }).getByRole('link', { name: 'Leave' }).click();
  await expect(page).toHaveURL(`${origin}/public/`);
  await page.goto(`${origin}/public/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
});

test('a visitor without the link keeps live, and a forged or foreign link pins nothing', async ({ page }) => {
  await page.goto(`${origin}/public/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  const { link } = await previewLink(VERSION, { LINK_SECRET: 'another-secret' });
  const refused = await page.request.get(link as string, { maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  await page.context().addCookies([{ name: 'entry_preview', value: `registration@${VERSION}@9999999999.${'x'.repeat(43)}`, url: origin }]);
  await page.goto(`${origin}/public/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
});

test('the command refuses a version that is not published, and works only with the secret', async () => {
  expect((await previewLink('9.9.9')).output).toContain('registration 9.9.9 is not published');
  expect((await previewLink(VERSION, { LINK_SECRET: '' })).output).toContain("signed with the server's LINK_SECRET");
});

test('a page load tells the server which version it loaded, every load while the remote has a canary (ADR 018)', async ({ page }) => {
  const { live } = readRegistry(site).remotes.registration!;
  movePointers(site, 'registration', { canary: { version: VERSION, percentage: 1 } });
  const beacon = page.waitForRequest((request) => request.url().endsWith('/app-metadata/page-loads') && request.method() === 'POST');
  await page.goto(`${origin}/public/register`);
  const sent = await beacon;
  expect(sent.postDataJSON()).toEqual({ remote: 'registration', version: expect.any(String), sample: 1 });
  expect([live, VERSION]).toContain((sent.postDataJSON() as { version: string }).version);
  expect((await sent.response())?.status()).toBe(204);
  movePointers(site, 'registration', { canary: null });
});

test('an open tab on a version rolled back from moves to the current one at its next navigation and is told why; a tab on live is untouched', async ({ browser }) => {
  const registry = readRegistry(site).remotes.registration as unknown as { live: string; history: object[] };
  const { live } = registry;
  movePointers(site, 'registration', { live: VERSION, canary: null });
  const onVersion = await browser.newPage();
  await onVersion.goto(`${origin}/public/register`);
  await expectRunning(onVersion.getByRole('heading', { level: 1, name: 'Open an account with us' }));
  await onVersion.evaluate(() => Object.assign(window, { sameTab: true }));

  // A release manager rolls the version back while the tab is open.
  const rollback = { at: new Date().toISOString(), by: 'e2e', action: 'rollback', from: VERSION, to: live, why: 'errors' };
  movePointers(site, 'registration', { live, history: [...registry.history, rollback] } as never);
  const onLive = await browser.newPage();
  await onLive.goto(`${origin}/public/register`);
  await expectRunning(onLive.getByRole('heading', { level: 1, name: 'Create your account' }));
  await onLive.evaluate(() => Object.assign(window, { sameTab: true }));

  await onVersion.getByRole('link', { name: 'Log in' }).first().click();
  await expect(onVersion.getByText('The version of this page you had open was withdrawn, so it has been reloaded with the current one.')).toBeVisible();
  expect(await onVersion.evaluate(() => 'sameTab' in window)).toBe(false);
  await expect(onVersion).toHaveURL(`${origin}/public/login`);
  await onVersion.goto(`${origin}/public/register`);
  await expect(onVersion.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  const asked = onLive.waitForResponse((response) => response.url().includes('/remotes.json'));
  await onLive.getByRole('link', { name: 'Log in' }).first().click();
  await asked;
  await expectRunning(onLive.getByRole('heading', { level: 1 }).first());
  expect(await onLive.evaluate(() => 'sameTab' in window)).toBe(true);
  await onVersion.close();
  await onLive.close();
});

test('the release page shows each remote\'s pointers, chart and history, and moves a pointer after a confirmation', async ({ browser }, testInfo) => {
  expect((await fetch(`${origin}/releases`)).status).toBe(401);
  const forged = await fetch(`${origin}/releases/actions`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`x:${RELEASES_TOKEN}`).toString('base64')}`, 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
    body: JSON.stringify({ remote: 'registration', action: 'rollback', revision: 'x' }),
  });
  expect(forged.status).toBe(403);

  movePointers(site, 'registration', { canary: { version: VERSION, percentage: 10 } });
  const context = await browser.newContext({ httpCredentials: { username: 'ana', password: RELEASES_TOKEN } });
  const page = await context.newPage();
  await page.goto(`${origin}/releases`);
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  const registration = page.getByRole('region', { name: 'registration' });
  await expect(registration.getByText(`${VERSION} for 10% of visitors`)).toBeVisible();
  await expect(registration.getByRole('img', { name: /Loads and failures of registration per hour over the last 24 hours/ })).toBeVisible();
  await expectCleanUnderAxe(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`releases-${width}.png`), fullPage: true });
  }

  await registration.getByRole('button', { name: 'Cancel the canary' }).click();
  await expect(registration.getByText(`Cancel the canary registration ${VERSION}?`)).toBeVisible();
  await expectCleanUnderAxe(page);
  await registration.getByRole('button', { name: 'Confirm' }).click();
  await expect(registration.getByText('canary', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('(none)');
  expect(readRegistry(site).remotes.registration?.canary).toBeNull();
  await expect(registration.getByRole('cell', { name: 'release page' }).first()).toBeVisible();
  await context.close();
});
