import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from './support/test.ts';
import { listFiles } from '../release/src/targets/files.ts';
import { bucketOf } from '../shared/routes/src/canary-bucket.ts';
import { startNginx, type StaticHost } from './support/nginx.ts';
import { expectRunning, loadedVersion } from './support/running.ts';

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
  const argv = ['release/src/run.js', command, 'registration', ...args, '--target', deploy, '--by', 'e2e'];
  try {
    const { stdout } = await run(process.execPath, [...argv, '--server', `http://localhost:${API_PORT}`], { cwd: repo });
    return { code: 0, output: stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, output: stdout };
  }
};

/**
 * A digest of every file of the shell in the deploy folder: everything but the remotes, their registry
 * and the pages written for static hosts from both (which follow every release, ADR 015).
 */
const shellChecksum = () => {
  const hash = createHash('sha256');
  const shellFiles = listFiles(deploy).filter((path) => !/^(remotes\/|remotes\.json|prerendered\/)/.test(path));
  for (const file of shellFiles) {
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

const createAccount = (page: Page) => page.getByRole('heading', { level: 1, name: 'Create your account' });

/**
 * The static host's first answer for the registration page, before any script: its heading, and the
 * registration version its preloads name.
 */
const firstResponseForRegistration = async () => {
  const response = await fetch(`${host.origin}/public/register`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.status).toBe(200);
  const page = await response.text();
  expect(page).toMatch(/<h1[^>]*>Create your account</);
  const preloaded = [...page.matchAll(/<link[^>]+href="\/public\/remotes\/registration\/([^/]+)\//g)].map((match) => match[1]);
  return { encoding: response.headers.get('Content-Encoding'), versions: [...new Set(preloaded)] };
};

const openRegistration = async (page: Page) => {
  const versions = registrationVersionsOf(page);
  await page.goto(`${host.origin}/public/register`);
  await expectRunning(createAccount(page), 30_000);
  return versions;
};

/** A copy of the registration build, changed by `change`: a broken release as a team might ship one. */
const brokenBuild = (name: string, change: (folder: string) => void) => {
  const folder = join(work, name);
  // Without the build's compressed copies, which would still hold the files as they were: hosts send the changed files.
  cpSync(build, folder, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  change(folder);
  return folder;
};

/** The exposed screens module of a build folder. */
const screensChunk = (folder: string) => {
  const file = listFiles(folder).find((path) => /__federation_expose_screens\.[^/]+\.js$/.test(path));
  if (!file) throw new Error(`no exposed screens chunk in ${folder}`);
  return join(folder, file);
};

const REPORT = (request: Request) => request.url().endsWith('/app-metadata/remote-load-failures') && request.method() === 'POST';

/**
 * Opens the registration screen as a new visitor and waits for a working screen, at most 10 s. Says how
 * long it took, for the release notes.
 */
const timeToWorkingScreen = async (page: Page, fault: string) => {
  const versions = registrationVersionsOf(page);
  const started = Date.now();
  await page.goto(`${host.origin}/public/register`);
  await expectRunning(createAccount(page));
  const elapsed = Date.now() - started;
  console.log(`fallback for ${fault}: a working screen after ${elapsed} ms (versions fetched: ${[...versions].join(', ')})`);
  return { elapsed, versions };
};

/** Releases a broken build as live over 1.0.0, which becomes its last known good. */
const releaseBroken = async (version: string, folder: string) => {
  const released = await releaseTool('release', '--from', folder, '--version', version, '--why', `broken: ${version}`);
  expect(released.code, released.output).toBe(0);
  expect(registry().live).toBe(version);
  expect(registry().lastKnownGood).toBe('1.0.0');
};

const restoreLive = async () => {
  const back = await releaseTool('rollback', '1.0.0', '--why', 'back to the good one');
  expect(back.code, back.output).toBe(0);
};

const registry = () =>
  (JSON.parse(readFileSync(join(deploy, 'remotes.json'), 'utf8')) as { remotes: { registration: { live: string; lastKnownGood: string | null } } })
    .remotes.registration;

/** A copy of the registration build whose manifest requires another React than the shell's. */
const incompatibleBuild = () =>
  brokenBuild('incompatible', (folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')) as {
      shared: { name: string; requiredVersion: string }[];
    };
    for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^18.2.0';
    writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  });

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
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });

  const v1 = await releaseTool('release', '--from', build, '--version', '1.0.0', '--why', 'first of the e2e');
  expect(v1.code, v1.output).toBe(0);
  expect(v1.output).toMatch(/pages for static hosts: \d+ written/);
  expect(await firstResponseForRegistration()).toEqual({ encoding: 'gzip', versions: ['1.0.0'] });
  // A page written for a static host starts its remote through the federation runtime: it preloads the runtime's one file.
  const written = await (await fetch(`${host.origin}/public/register`)).text();
  expect(written.match(/<link rel="preload"[^>]*\/public\/static\/js\/async\/federation\.[0-9a-f]+\.js"/g)).toHaveLength(1);
  expect([...(await openRegistration(page))]).toEqual(['1.0.0']);

  const v2 = await releaseTool('release', '--from', build, '--version', '2.0.0', '--why', 'second');
  expect(v2.code, v2.output).toBe(0);
  expect(v2.output).toContain('live             1.0.0 -> 2.0.0');
  expect(v2.output).toContain('last known good  ');
  expect((await firstResponseForRegistration()).versions).toEqual(['2.0.0']);
  expect([...(await openRegistration(page))]).toEqual(['2.0.0']);
  expect(shellChecksum()).toBe(shellBefore);

  const back = await releaseTool('rollback', '1.0.0', '--why', 'v2 misbehaves');
  expect(back.code, back.output).toBe(0);
  expect(back.output).toContain('live             2.0.0 -> 1.0.0');
  expect((await firstResponseForRegistration()).versions).toEqual(['1.0.0']);
  expect([...(await openRegistration(page))]).toEqual(['1.0.0']);
  // Both versions stay published for sessions that still run them.
  expect(existsSync(join(deploy, 'remotes', 'registration', '2.0.0', 'remoteEntry.js'))).toBe(true);
  expect(shellChecksum()).toBe(shellBefore);
  // The static host's pages hydrated as they were written.
  expect(hydrationErrors).toEqual([]);
});

test('visitors fall back to the last known good version when the live one’s entry is missing (404), and the tooling hears of it', async ({
  page,
}) => {
  const v3 = await releaseTool('release', '--from', build, '--version', '3.0.0', '--why', 'broken on the CDN');
  expect(v3.code, v3.output).toBe(0);
  expect(v3.output).toMatch(/last known good {2}\S+ -> 1\.0\.0/);
  // The entry goes missing on the host: every request for it answers 404.
  rmSync(join(deploy, 'remotes', 'registration', '3.0.0', 'remoteEntry.js'));

  const reported = page.waitForRequest(REPORT, { timeout: 10_000 });
  const { versions } = await timeToWorkingScreen(page, 'a missing entry (404)');
  expect(versions).toEqual(new Set(['3.0.0', '1.0.0']));
  expect((await reported).postDataJSON()).toMatchObject({ remote: 'registration', version: '3.0.0', fallback: '1.0.0', canary: false, kind: 'missing' });
  // The visitor carries on in the fallback version.
  await page.getByRole('link', { name: 'Sign up as a parent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up as a parent' })).toBeVisible();
  // The rest of the tab goes to the fallback at once instead of waiting through the retries again (a
  // static host's page still preloads the live version's files: it was written for every visitor).
  await openRegistration(page);
  expect(await loadedVersion(page, 'registration')).toBe('1.0.0');

  const history = await releaseTool('releases');
  expect(history.code, history.output).toBe(0);
  expect(history.output).toMatch(/3\.0\.0 failed to load for 1 visitor, who fell back to 1\.0\.0/);

  const restore = await releaseTool('rollback', '--why', 'entry missing');
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain('live             3.0.0 -> 1.0.0');
});

test('a hung entry: visitors reach the last known good version within 10 s', async ({ page }) => {
  await releaseBroken('hang', build);
  // The host accepts the request for the entry and never answers.
  await page.route('**/public/remotes/registration/hang/remoteEntry.js*', () => undefined);

  const reported = page.waitForRequest(REPORT, { timeout: 10_000 });
  const { versions } = await timeToWorkingScreen(page, 'a hung entry');
  expect(versions).toEqual(new Set(['hang', '1.0.0']));
  expect((await reported).postDataJSON()).toMatchObject({ version: 'hang', fallback: '1.0.0', kind: 'unreachable' });
  await restoreLive();
});

test('an entry that throws while evaluating goes to the last known good version at once, without retries', async ({ page }) => {
  await releaseBroken(
    'throws',
    brokenBuild('throws', (folder) => {
      const entry = join(folder, 'remoteEntry.js');
      writeFileSync(entry, `throw new Error("broken build");\n${readFileSync(entry, 'utf8')}`);
    }),
  );
  let entryRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/registration/throws/remoteEntry.js')) entryRequests += 1;
  });

  const reported = page.waitForRequest(REPORT, { timeout: 10_000 });
  await timeToWorkingScreen(page, 'an entry that throws');
  expect((await reported).postDataJSON()).toMatchObject({ version: 'throws', fallback: '1.0.0', kind: 'broken' });
  // Not retried: the same code would throw again.
  expect(entryRequests).toBe(1);
  await restoreLive();
});

test('a version needing another React than the shell’s is never run: visitors get the last known good one', async ({ page }) => {
  // The gate refuses such a release, so it is put there as another tool (or a later shell) would leave
  // it: the folder copied by hand and the registry edited.
  cpSync(incompatibleBuild(), join(deploy, 'remotes', 'registration', 'react18'), { recursive: true });
  const registryFile = join(deploy, 'remotes.json');
  const document = JSON.parse(readFileSync(registryFile, 'utf8')) as { remotes: { registration: Record<string, unknown> } };
  document.remotes.registration = { ...document.remotes.registration, live: 'react18', lastKnownGood: '1.0.0', canary: null };
  writeFileSync(registryFile, JSON.stringify(document));
  let entryRequested = false;
  page.on('request', (request) => {
    entryRequested ||= request.url().includes('/registration/react18/remoteEntry.js');
  });

  const reported = page.waitForRequest(REPORT, { timeout: 10_000 });
  await timeToWorkingScreen(page, 'incompatible shared versions');
  expect((await reported).postDataJSON()).toMatchObject({ version: 'react18', fallback: '1.0.0', kind: 'incompatible' });
  expect(entryRequested).toBe(false);
  await restoreLive();
});

test('a fresh release whose screen crashes while rendering: the visitor is moved to the last known good version, reported once', async ({
  page,
}) => {
  await releaseBroken(
    'crashes',
    brokenBuild('crashes', (folder) => {
      const chunk = screensChunk(folder);
      const code = readFileSync(chunk, 'utf8');
      const crashing = code.replace(/\{register:[\w$.]+,/, '{register:()=>{throw new Error("crashes while rendering")},');
      expect(crashing).not.toBe(code);
      writeFileSync(chunk, crashing);
    }),
  );
  const reports: Request[] = [];
  page.on('request', (request) => {
    if (REPORT(request)) reports.push(request);
  });

  const { versions } = await timeToWorkingScreen(page, 'a render crash of a fresh release');
  expect(versions).toEqual(new Set(['crashes', '1.0.0']));
  expect(reports.map((request) => request.postDataJSON() as unknown)).toEqual([
    expect.objectContaining({ version: 'crashes', fallback: '1.0.0', kind: 'render' }),
  ]);
  await expect(page.getByRole('link', { name: 'Sign up as a parent' })).toBeVisible();
  await restoreLive();
});

/** Releases a copy of the build as `version` (same files, a version of its own). */
const releaseCopy = async (version: string) => {
  const released = await releaseTool('release', '--from', build, '--version', version);
  expect(released.code, released.output).toBe(0);
};

/** Follows an in-app link as the visitor would, without a page load. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

const countLoads = (page: Page) => {
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  return loads;
};

test('a tab whose versions were deleted under it reloads once into the current ones', async ({ page }) => {
  await releaseCopy('6.0.0');
  await releaseCopy('6.1.0');
  await page.goto(`${host.origin}/public/login`);
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }));
  // While the tab is open: a new release, and both versions the tab knows of deleted.
  await releaseCopy('6.2.0');
  for (const gone of ['6.0.0', '6.1.0']) rmSync(join(deploy, 'remotes', 'registration', gone), { recursive: true });
  const loads = countLoads(page);
  const versions = registrationVersionsOf(page);

  const started = Date.now();
  await navigateInApp(page, '/public/register');
  await expectRunning(createAccount(page));
  console.log(`fallback for deleted versions: a working screen after ${Date.now() - started} ms`);
  expect(loads.count).toBe(1);
  expect(versions).toContain('6.2.0');
});

test('a tab reloads at most once: when the current versions are gone too it shows Whoops!', async ({ page }) => {
  await releaseCopy('7.0.0');
  await page.goto(`${host.origin}/public/login`);
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }));
  await releaseCopy('7.1.0');
  // Every version the registry names is deleted: nothing to recover into.
  for (const gone of ['6.2.0', '7.0.0', '7.1.0']) rmSync(join(deploy, 'remotes', 'registration', gone), { recursive: true });
  const loads = countLoads(page);

  await navigateInApp(page, '/public/register');
  await expect(page.getByRole('alert').getByText('Whoops!')).toBeVisible({ timeout: 15_000 });
  expect(loads.count).toBe(1);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert').getByText('Whoops!')).toBeVisible({ timeout: 15_000 });
  expect(loads.count).toBe(1);
  await restoreLive();
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

const VISITOR_KEY = 'entry.visitor-id';

/**
 * Which registration version the shell picked for this page and runs (a static host's page preloads
 * the live one's files for everyone), the x-canary header of its first API call, and the visitor id it keeps.
 */
const versionChosen = async (page: Page) => {
  const api = page.waitForRequest((request) => request.url().includes('/ms_accounts/'));
  await page.goto(`${host.origin}/public/register`);
  await expectRunning(createAccount(page));
  const header = (await api).headers()['x-canary'];
  const version = await loadedVersion(page, 'registration');
  const visitor = await page.evaluate((key) => localStorage.getItem(key), VISITOR_KEY);
  return { version, header, visitor };
};

/** A visitor: the version it got on its first visit and on coming back. `id` seeds its visitor id. */
const visit = async (browser: Browser, id?: string) => {
  const context: BrowserContext = await browser.newContext();
  if (id) {
    await context.addInitScript(
      ([key, value]) => {
        try {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        } catch {
          // about:blank has no storage; the site's pages do.
        }
      },
      [VISITOR_KEY, id] as const,
    );
  }
  const page = await context.newPage();
  const first = await versionChosen(page);
  const again = await versionChosen(page);
  await context.close();
  return { first, again };
};

/** A visitor id whose registration bucket is inside (or outside) a 50% canary. */
const visitorIdFor = (inside: boolean) => {
  for (let index = 0; ; index += 1) {
    const id = `e2e-visitor-${index}`;
    if (bucketOf(id, 'registration') < 50 === inside) return id;
  }
};

test('a 50% canary gives each visitor the version its bucket says, keeps it on it, and promotes', async ({ browser }) => {
  const canary = await releaseTool('release', '--from', build, '--version', '2.0.0', '--canary', '50%');
  expect(canary.code, canary.output).toBe(0);
  expect(canary.output).toContain('canary           (none) -> 2.0.0 for 50% of visitors');

  // The split itself is the bucketing's (unit-tested over 10,000 ids): here each visitor, two with ids
  // known to fall either side and four fresh ones, must get exactly the version its own id's bucket
  // names, on both visits, and say so in its API calls.
  const visitors = await Promise.all([
    visit(browser, visitorIdFor(true)),
    visit(browser, visitorIdFor(false)),
    ...Array.from({ length: 4 }, () => visit(browser)),
  ]);
  for (const { first, again } of visitors) {
    expect(first.visitor).toBeTruthy();
    const expected = bucketOf(first.visitor as string, 'registration') < 50 ? '2.0.0' : '1.0.0';
    expect(first.version).toBe(expected);
    expect(again).toEqual(first);
    expect(first.header).toBe(String(expected === '2.0.0'));
  }
  expect(new Set(visitors.map(({ first }) => first.version))).toEqual(new Set(['1.0.0', '2.0.0']));

  const promoted = await releaseTool('promote');
  expect(promoted.code, promoted.output).toBe(0);
  expect(promoted.output).toContain('live             1.0.0 -> 2.0.0');
  expect((await visit(browser)).first).toMatchObject({ version: '2.0.0', header: 'false' });
});

test('the static host answers an unknown address 404 with the not-found page, and pages written with PUBLIC_ORIGIN name their canonical address', async ({ page }) => {
  // Last in this file: the pages written here name the static host's origin, which later runs would write again.
  for (const path of ['/public/no/such/page', '/public/taster/oakwood/nope/7']) {
    const missing = await fetch(`${host.origin}${path}`);
    expect(missing.status, path).toBe(404);
    // The not-found screen waits for the flags (SPEC section 2): written ahead, it is the frame, kept out of search.
    expect(await missing.text()).toContain('<meta name="robots" content="noindex"/>');
  }
  // An address of the app whose page is not written ahead is the app's page, which finds out what it shows.
  expect((await fetch(`${host.origin}/public/taster/oakwood`)).status).toBe(200);
  expect((await fetch(`${host.origin}/public/static/js/no-such-file.js`)).status).toBe(404);
  const answer = await page.goto(`${host.origin}/public/no/such/page`);
  expect(answer?.status()).toBe(404);
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Sorry, this page is missing.' }), 30_000);

  const rewritten = await run(process.execPath, ['-e', `import('./release/src/prerender.ts').then(({ prerenderPages }) => prerenderPages(${JSON.stringify(deploy)}, console.log))`], {
    cwd: repo,
    env: { ...process.env, PUBLIC_ORIGIN: host.origin },
  });
  expect(rewritten.stdout).toMatch(/pages for static hosts: \d+ written/);
  const login = await (await fetch(`${host.origin}/public/login`)).text();
  expect(login).toContain(`<link rel="canonical" href="${host.origin}/public/login"/>`);
  expect(login).toMatch(new RegExp(`<meta property="og:image" content="${host.origin}/public/static/image/social\\.[^"]+\\.png"/>`));
  await page.goto(`${host.origin}/public/login`);
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }), 30_000);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
});
