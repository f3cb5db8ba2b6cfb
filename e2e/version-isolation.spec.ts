import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bucketOf } from '../shared/routes/src/canary-bucket.ts';
import { expect, test, type Page } from './support/test.ts';
import { rowsIn } from './support/database.ts';
import { movePointers, publishFaultyVersion, publishRewordedVersion, readRegistry, type Fault } from './support/faulty-versions.ts';
import { freePort, startReferenceServer } from './support/processes.ts';
import { expectRunning, loadedVersion } from './support/running.ts';

/**
 * Issue 22: while one remote version misbehaves on the server, every other page is still composed,
 * each visitor gets a working page and only their own version's text, each failure is counted once,
 * and a move of the pointers or of the shell is in force from the next request, with no restart.
 * Each test runs a reference server of its own on a copy of the built site, where it publishes
 * versions as a bad release would leave them (support/faulty-versions.ts). How long pages take while
 * a version misbehaves is measured by scripts/bench-isolation.ts, not here.
 */

const COMPOSED = 'id="entry-page-state"';
const RENDERED_BY_BROWSER = '<meta name="entry:composition" content="failed" />';
/** The server's deadline for a page (3 s) and time to send it, generously: the upper bound. */
const ANSWERED_WITHIN_MS = 4500;

/**
 * What each fault is counted as in composition_failures. A heap filling up slows down as the
 * collector runs again and again: on a busy machine the page's deadline may come first. Code that
 * never finishes loading is ended at the start deadline (10 s), after its pages went to the browser.
 */
const REASONS: Record<Fault, string[]> = {
  spin: ['deadline'],
  loop: ['deadline'],
  'throw-render': ['render'],
  'throw-import': ['import'],
  'hang-import': ['import'],
  memory: ['out-of-memory', 'deadline'],
};
/** Faults in loading the code, counted once as the worker's start besides the pages that failed with it. */
const START_FAULTS = new Set<Fault>(['throw-import', 'hang-import']);
const FAULTS = Object.keys(REASONS) as Fault[];

/** The registration remote's heading on /public/register, and what a reworded version says instead. */
const LIVE_TEXT = 'Create your account';
const REWORDED_TEXT = 'Open an account with us';

type Site = { site: string; origin: string; databasePath: string; stop: () => Promise<void> };

/** A copy of the built site on a reference server of its own, with a database of its own; stopping it removes both. */
const startSite = async (name: string): Promise<Site> => {
  const folder = mkdtempSync(join(tmpdir(), `entry-isolation-${name}-`));
  const site = join(folder, 'public');
  cpSync(join(import.meta.dirname, '..', 'dist', 'public'), site, { recursive: true });
  const port = await freePort();
  const databasePath = join(folder, 'isolation.sqlite');
  const server = await startReferenceServer({ PORT: String(port), PUBLIC_DIR: site, DATABASE_PATH: databasePath });
  const stop = async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  return { site, origin: `http://localhost:${port}`, databasePath, stop };
};

/** Visitor ids whose registration bucket is inside a 50% canary, or outside it. */
const visitorsOf = (inside: boolean, count: number, prefix = 'e2e-isolation') => {
  const ids: string[] = [];
  for (let index = 0; ids.length < count; index += 1) {
    const id = `${prefix}-${index}`;
    if (bucketOf(id, 'registration') < 50 === inside) ids.push(id);
  }
  return ids;
};

/** A visitor outside the registration canary's half: the live version's. */
const LIVE_VISITOR = visitorsOf(false, 1)[0]!;

type Answer = { path: string; status: number; html: string; compose: string | null; startedAt: number; took: number };

/** One page as a visitor with this id asks for it; `compose` is the server's word on a page it did not compose (Server-Timing). */
const ask = async (origin: string, path: string, visitor: string): Promise<Answer> => {
  const startedAt = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { Cookie: `entry_visitor=${visitor}` } });
  const html = await response.text();
  const compose = /compose;desc="([^"]+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? null;
  return { path, status: response.status, html, compose, startedAt, took: performance.now() - startedAt };
};

/** The health check and a composed page of another remote, asked again and again until `until` settles. */
const askMeanwhile = async (origin: string, until: Promise<unknown>, paths: string[]) => {
  let settled = false;
  void until.finally(() => (settled = true));
  const answers: Answer[] = [];
  do answers.push(...(await Promise.all(paths.map((path) => ask(origin, path, LIVE_VISITOR)))));
  while (!settled);
  return answers;
};

/** A visitor with this id opens the sign-up choice in Chromium, and goes on to the tutor's sign-up. */
const openInBrowser = async (page: Page, origin: string, visitor: string): Promise<Answer> => {
  await page.context().addCookies([{ name: 'entry_visitor', value: visitor, url: origin }]);
  const startedAt = performance.now();
  const response = await page.goto(`${origin}/public/register`, { waitUntil: 'commit' });
  const took = performance.now() - startedAt;
  await expectRunning(page.getByRole('heading', { level: 1, name: LIVE_TEXT }));
  await page.getByRole('link', { name: 'Sign up as a tutor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up as a tutor' })).toBeVisible();
  await page.getByLabel(/^First name\*?$/).fill('Mary');
  await expect(page.getByLabel(/^First name\*?$/)).toHaveValue('Mary');
  const compose = /compose;desc="([^"]+)"/.exec((await response?.headerValue('server-timing')) ?? '')?.[1] ?? null;
  return { path: '/public/register', status: response?.status() ?? 0, html: (await response?.text()) ?? '', compose, startedAt, took };
};

/** Faults whose page a visitor also opens in Chromium, as live or as canary. */
const OPENED_IN_BROWSER = new Set(['live spin', 'canary memory']);

for (const as of ['live', 'canary'] as const) {
  test.describe(`a registration version released as ${as} whose server build misbehaves`, () => {
    // One server for the six faults, one after another: each is a version of its own, all copied
    // from the built live version before any is released.
    test.describe.configure({ mode: 'serial' });
    let served: Site;
    test.beforeAll(async () => {
      served = await startSite(as);
      for (const fault of FAULTS) publishFaultyVersion(served.site, 'registration', `${as}-${fault}`, fault);
    });
    test.afterAll(async () => {
      await served.stop();
    });

    for (const fault of FAULTS) {
      test(`${fault}: its visitors get the page the browser renders alone in time, other pages are composed meanwhile, each failure is counted once`, async ({ page }) => {
        const { site, origin, databasePath } = served;
        const version = `${as}-${fault}`;
        movePointers(site, 'registration', as === 'live' ? { live: version } : { canary: { version, percentage: 50 } });

        // The visitors this version serves: everyone when live, those in the canary's half otherwise.
        const faultyVisitors = visitorsOf(true, 4, `e2e-${fault}`);
        const failing = Promise.all([
          ...faultyVisitors.slice(0, 3).map((visitor) => ask(origin, '/public/register', visitor)),
          ...(OPENED_IN_BROWSER.has(`${as} ${fault}`) ? [openInBrowser(page, origin, faultyVisitors[3]!)] : []),
        ]);
        // The other remote's pages, and for a canary the live version's visitors of the same page.
        const meanwhile = await askMeanwhile(origin, failing, ['/health', '/public/login', ...(as === 'canary' ? ['/public/register'] : [])]);
        const answers = await failing;

        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(answer.html).toContain(RENDERED_BY_BROWSER);
          expect(answer.html).not.toContain(COMPOSED);
          // Tried and failed, not tried at all while the version rests after a fault, or not composed
          // while the version's code was still loading.
          expect(['failed', 'suspended', ...(fault === 'hang-import' ? ['starting'] : [])]).toContain(answer.compose);
          expect(answer.took).toBeLessThan(ANSWERED_WITHIN_MS);
        }
        for (const answer of meanwhile) {
          expect(answer.status, answer.path).toBe(200);
          if (answer.path === '/health') expect(JSON.parse(answer.html)).toEqual({ status: 'ok' });
          else expect(answer.html, answer.path).toContain(COMPOSED);
        }

        // One row per route and reason. The page's route counts each page tried and failed, and no page
        // refused while the version rested or loaded. A fault in loading the code is counted once more
        // as the worker's start (route 'start'), however many pages it failed.
        const rowsOf = () => rowsIn(databasePath, "SELECT route, reason, count FROM composition_failures WHERE remote = 'registration' AND version = ?", version);
        if (START_FAULTS.has(fault)) await expect.poll(() => rowsOf().some((row) => row.route === 'start'), { timeout: 15_000 }).toBe(true);
        const rows = rowsOf();
        expect(rows.length).toBeGreaterThan(0);
        const reason = String(rows[0]!.reason);
        expect(REASONS[fault]).toContain(reason);
        const counts = Object.fromEntries(rows.map((row) => [`${row.route} ${row.reason}`, row.count]));
        const failed = answers.filter((answer) => answer.compose === 'failed').length;
        expect(counts).toEqual({ ...(failed > 0 ? { [`register ${reason}`]: failed } : {}), ...(START_FAULTS.has(fault) ? { 'start import': 1 } : {}) });
      });
    }
  });
}

test('two versions whose text differs: each visitor gets only its own version’s text, a canary visitor hydrates, and cancelling the canary is in force at once', async ({ page }) => {
  const { site, origin, stop } = await startSite('reworded');
  try {
    const canary = publishRewordedVersion(site, 'registration', 'reworded', LIVE_TEXT, REWORDED_TEXT);
    movePointers(site, 'registration', { canary: { version: canary, percentage: 50 } });

    const visitors = Array.from({ length: 40 }, (_, index) => `e2e-reworded-${index}`);
    const answers: { visitor: string; answer: Answer }[] = [];
    for (let start = 0; start < visitors.length; start += 8) {
      const batch = visitors.slice(start, start + 8);
      answers.push(...(await Promise.all(batch.map(async (visitor) => ({ visitor, answer: await ask(origin, '/public/register', visitor) })))));
    }
    const onCanary = answers.filter(({ visitor }) => bucketOf(visitor, 'registration') < 50);
    expect(onCanary.length).toBeGreaterThan(0);
    expect(onCanary.length).toBeLessThan(answers.length);
    for (const { visitor, answer } of answers) {
      expect(answer.html, visitor).toContain(COMPOSED);
      const canaryVisitor = onCanary.some((other) => other.visitor === visitor);
      expect(answer.html, visitor).toContain(canaryVisitor ? REWORDED_TEXT : LIVE_TEXT);
      expect(answer.html, visitor).not.toContain(canaryVisitor ? LIVE_TEXT : REWORDED_TEXT);
    }

    // In Chromium, a canary visitor's page hydrates as the server composed it, with the canary's code.
    const mismatches: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|#418/i.test(message.text())) mismatches.push(message.text());
    });
    await page.context().addCookies([{ name: 'entry_visitor', value: onCanary[0]!.visitor, url: origin }]);
    const response = await page.goto(`${origin}/public/register`);
    expect(await response?.text()).toContain(COMPOSED);
    await expectRunning(page.getByRole('heading', { level: 1, name: REWORDED_TEXT }));
    await page.waitForLoadState('networkidle');
    expect(await loadedVersion(page, 'registration')).toBe(canary);
    expect(mismatches).toEqual([]);

    // The canary cancelled: its visitors' next pages are the live version's.
    movePointers(site, 'registration', { canary: null });
    for (const { visitor } of onCanary.slice(0, 4)) {
      const answer = await ask(origin, '/public/register', visitor);
      expect(answer.html, visitor).not.toContain(REWORDED_TEXT);
      expect(answer.html, visitor).toContain(LIVE_TEXT);
    }
  } finally {
    await stop();
  }
});

test('a rollback under load is in force from the next request, with no restart', async () => {
  const { site, origin, stop } = await startSite('rollback');
  try {
    const live = readRegistry(site).remotes.registration!.live;
    movePointers(site, 'registration', { live: publishRewordedVersion(site, 'registration', 'reworded', LIVE_TEXT, REWORDED_TEXT) });

    // Four visitors at a time, each asking again as soon as answered, new visitors each time.
    const answers: Answer[] = [];
    let loading = true;
    const loops = Array.from({ length: 4 }, async (_, loop) => {
      for (let request = 0; loading; request += 1) answers.push(await ask(origin, '/public/register', `e2e-rollback-${loop}-${request}`));
    });
    let movedAt = Infinity;
    const startedAfterTheMove = () => answers.filter((answer) => answer.startedAt > movedAt);
    try {
      await expect.poll(() => answers.filter((answer) => answer.html.includes(REWORDED_TEXT)).length, { timeout: 20_000 }).toBeGreaterThan(8);
      // The rollback, as the tooling writes it: one rename of remotes.json under the running server.
      movePointers(site, 'registration', { live });
      movedAt = performance.now();
      await expect.poll(() => startedAfterTheMove().filter((answer) => answer.html.includes(COMPOSED)).length, { timeout: 20_000 }).toBeGreaterThan(8);
    } finally {
      loading = false;
      await Promise.all(loops);
    }
    // Pages asked for before the move may have either text; none asked for after it has the old one.
    for (const answer of startedAfterTheMove()) {
      expect(answer.html).not.toContain(REWORDED_TEXT);
      if (answer.html.includes(COMPOSED)) expect(answer.html).toContain(LIVE_TEXT);
    }
  } finally {
    await stop();
  }
});

/** A file of the site replaced whole, as the release tooling writes it (release/src/deploy-site.ts). */
const replaceFile = (path: string, content: string) => {
  writeFileSync(`${path}.tmp`, content);
  renameSync(`${path}.tmp`, path);
};

test('a new shell release is in force from the next request once release.json names it, with no restart', async () => {
  const { site, origin, databasePath, stop } = await startSite('shell-release');
  try {
    const visitor = visitorsOf(false, 1)[0]!;
    const marker = '<meta name="e2e-shell" content="next release" />';
    expect((await ask(origin, '/public/login', visitor)).html).toContain(COMPOSED);

    // The tooling writes the new shell's files first and release.json last: until then, pages are the running release's.
    replaceFile(join(site, 'index.html'), readFileSync(join(site, 'index.html'), 'utf8').replace('<head>', `<head>${marker}`));
    const between = await ask(origin, '/public/login', visitor);
    expect(between.html).toContain(COMPOSED);
    expect(between.html).not.toContain(marker);

    replaceFile(join(site, 'release.json'), `${JSON.stringify({ version: 'e2e-next-release' })}\n`);
    for (const path of ['/public/login', '/public/register', '/public/privacy']) {
      const answer = await ask(origin, path, visitor);
      expect(answer.html, path).toContain(COMPOSED);
      expect(answer.html, path).toContain(marker);
    }

    // A failure is counted against the shell release that composed the page.
    movePointers(site, 'registration', { live: publishFaultyVersion(site, 'registration', 'throws', 'throw-render') });
    expect((await ask(origin, '/public/register', visitor)).compose).toBe('failed');
    expect(rowsIn(databasePath, "SELECT shell_release, route, count FROM composition_failures WHERE version = 'throws'")).toEqual([
      { shell_release: 'e2e-next-release', route: 'register', count: 1 },
    ]);
  } finally {
    await stop();
  }
});
