import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { listFiles } from '../release/src/targets/files.ts';
import { startNginx, type StaticHost } from './support/nginx.ts';

/**
 * Independent delivery, as a release manager does it: the deploy folder is served by nginx (a static
 * host), the APIs by the reference server, and remotes move with `npm run release|rollback|promote`.
 */
test.describe.configure({ mode: 'serial' });

const repo = join(import.meta.dirname, '..');
const API_PORT = Number(process.env.E2E_PORT ?? 3300);
const NGINX_PORT = API_PORT + 2;
const work = mkdtempSync(join(tmpdir(), 'entry-delivery-'));
// nginx started by root serves as an unprivileged user, which must be able to read the site.
chmodSync(work, 0o755);
const deploy = join(work, 'site', 'public');
const build = join(repo, 'remotes', 'registration', 'dist');
let host: StaticHost;

const run = promisify(execFile);
/** Runs `npm run <command> -- registration ...` against the test's deploy folder. */
const releaseTool = async (command: string, ...args: string[]): Promise<{ code: number; output: string }> => {
  const argv = ['release/src/cli.ts', command, 'registration', ...args, '--target', deploy, '--by', 'e2e'];
  try {
    const { stdout } = await run(process.execPath, [...argv, '--server', `http://localhost:${API_PORT}`], { cwd: repo });
    return { code: 0, output: stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, output: stdout };
  }
};

/** A digest of every file of the shell in the deploy folder: everything but the remotes and their registry. */
const shellChecksum = () => {
  const hash = createHash('sha256');
  for (const file of listFiles(deploy).filter((path) => !path.startsWith('remotes/') && !path.startsWith('remotes.json'))) {
    hash.update(file).update(readFileSync(join(deploy, file)));
  }
  return hash.digest('hex');
};

/** The registration version a page loaded, from the folders it fetched. */
const registrationVersionsOf = (page: Page) => {
  const versions = new Set<string>();
  page.on('request', (request) => {
    const version = /\/public\/remotes\/registration\/([^/]+)\//.exec(request.url())?.[1];
    if (version) versions.add(version);
  });
  return versions;
};

const openRegistration = async (page: Page) => {
  const versions = registrationVersionsOf(page);
  await page.goto(`${host.origin}/public/register`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible({ timeout: 30_000 });
  return versions;
};

/** A copy of the registration build whose manifest requires another React than the shell's. */
const incompatibleBuild = () => {
  const folder = join(work, 'incompatible');
  cpSync(build, folder, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string; requiredVersion: string }[];
  };
  for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^18.2.0';
  writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  return folder;
};

test.beforeAll(async () => {
  // The environment as `npm run build` deployed it: the shell and every remote's first version.
  cpSync(join(repo, 'dist', 'public'), deploy, { recursive: true, filter: (source) => !source.endsWith('.lock') });
  host = await startNginx(join(work, 'nginx'), join(work, 'site'), NGINX_PORT, API_PORT);
});

test.afterAll(async () => {
  await host?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('a new registration version goes live without rebuilding the shell, and rolls back', async ({ page }) => {
  const shellBefore = shellChecksum();

  const v1 = await releaseTool('release', '--from', build, '--version', '1.0.0', '--why', 'first of the e2e');
  expect(v1.code, v1.output).toBe(0);
  expect([...(await openRegistration(page))]).toEqual(['1.0.0']);

  const v2 = await releaseTool('release', '--from', build, '--version', '2.0.0', '--why', 'second');
  expect(v2.code, v2.output).toBe(0);
  expect(v2.output).toContain('live             1.0.0 -> 2.0.0');
  expect(v2.output).toContain('last known good  ');
  expect([...(await openRegistration(page))]).toEqual(['2.0.0']);
  expect(shellChecksum()).toBe(shellBefore);

  const back = await releaseTool('rollback', '1.0.0', '--why', 'v2 misbehaves');
  expect(back.code, back.output).toBe(0);
  expect(back.output).toContain('live             2.0.0 -> 1.0.0');
  expect([...(await openRegistration(page))]).toEqual(['1.0.0']);
  // Both versions stay published for sessions that still run them.
  expect(existsSync(join(deploy, 'remotes', 'registration', '2.0.0', 'remoteEntry.js'))).toBe(true);
  expect(shellChecksum()).toBe(shellBefore);
});

test('visitors fall back to the last known good version when the live one will not load, and the tooling hears of it', async ({
  page,
}) => {
  const v3 = await releaseTool('release', '--from', build, '--version', '3.0.0', '--why', 'broken on the CDN');
  expect(v3.code, v3.output).toBe(0);
  expect(v3.output).toMatch(/last known good {2}\S+ -> 1\.0\.0/);
  // The entry goes missing on the host: every request for it answers 404.
  rmSync(join(deploy, 'remotes', 'registration', '3.0.0', 'remoteEntry.js'));

  const reported = page.waitForRequest(
    (request) => request.url().endsWith('/app-metadata/remote-load-failures') && request.method() === 'POST',
    { timeout: 30_000 },
  );
  const versions = await openRegistration(page);
  expect(versions).toEqual(new Set(['3.0.0', '1.0.0']));
  expect((await reported).postDataJSON()).toEqual({ remote: 'registration', version: '3.0.0', fallback: '1.0.0' });
  // The visitor carries on in the fallback version.
  await page.getByRole('link', { name: 'Sign up as a parent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up as a parent' })).toBeVisible();
  // The rest of the tab goes to the fallback at once instead of waiting through the retries again.
  expect([...(await openRegistration(page))]).toEqual(['1.0.0']);

  const history = await releaseTool('releases');
  expect(history.code, history.output).toBe(0);
  expect(history.output).toMatch(/3\.0\.0 failed to load \d+ times?, visitors fell back to 1\.0\.0/);

  const restore = await releaseTool('rollback', '--why', 'entry missing');
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain('live             3.0.0 -> 1.0.0');
});

test('a build requiring another React than the shell’s is refused, and nothing moves', async () => {
  const registryBefore = readFileSync(join(deploy, 'remotes.json'), 'utf8');
  const refused = await releaseTool('release', '--from', incompatibleBuild(), '--version', '4.0.0');
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/refused: registration 4\.0\.0 does not fit the deployed shell/);
  expect(refused.output).toMatch(/it requires react \^18\.2\.0, but the shell provides react 19\.\d+\.\d+/);
  expect(readFileSync(join(deploy, 'remotes.json'), 'utf8')).toBe(registryBefore);
  expect(existsSync(join(deploy, 'remotes', 'registration', '4.0.0'))).toBe(false);
});

const MANIFEST = /\/public\/remotes\/registration\/([^/]+)\/mf-manifest\.json/;

/**
 * Which registration version the shell picked for this page, and the x-canary header of its first API
 * call. Both come before the screen renders, so the visit stops there.
 */
const versionChosen = async (page: Page) => {
  const manifest = page.waitForRequest(MANIFEST);
  const api = page.waitForRequest((request) => request.url().includes('/ms_accounts/'));
  await page.goto(`${host.origin}/public/register`, { waitUntil: 'commit' });
  const [version, header] = await Promise.all([
    manifest.then((request) => MANIFEST.exec(request.url())?.[1]),
    api.then((request) => request.headers()['x-canary']),
  ]);
  return { version, header };
};

/** A fresh visitor: the version it got on its first visit and on coming back. */
const visit = async (browser: Browser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const first = await versionChosen(page);
  const again = await versionChosen(page);
  await context.close();
  return { first, again };
};

test('a 50% canary splits fresh visitors near half, keeps each on its version, and promotes', async ({ browser }) => {
  test.setTimeout(120_000);
  const canary = await releaseTool('release', '--from', build, '--version', '2.0.0', '--canary', '50%');
  expect(canary.code, canary.output).toBe(0);
  expect(canary.output).toContain('canary           (none) -> 2.0.0 for 50% of visitors');

  const visitors = [];
  for (let batch = 0; batch < 5; batch += 1) {
    visitors.push(...(await Promise.all(Array.from({ length: 8 }, () => visit(browser)))));
  }
  for (const { first, again } of visitors) {
    expect(['1.0.0', '2.0.0']).toContain(first.version);
    expect(again).toEqual(first);
    // API calls say whether this visitor runs a canary.
    expect(first.header).toBe(String(first.version === '2.0.0'));
  }
  const inCanary = visitors.filter(({ first }) => first.version === '2.0.0').length;
  console.log(`canary 50%: ${inCanary} of ${visitors.length} fresh visitors got 2.0.0`);
  // 40 visitors at 50%: outside 8..32 happens about twice in 100,000 runs.
  expect(inCanary).toBeGreaterThanOrEqual(8);
  expect(inCanary).toBeLessThanOrEqual(32);

  const promoted = await releaseTool('promote');
  expect(promoted.code, promoted.output).toBe(0);
  expect(promoted.output).toContain('live             1.0.0 -> 2.0.0');
  expect((await visit(browser)).first).toEqual({ version: '2.0.0', header: 'false' });
});
