/**
 * Where a phone's main thread goes at start (issue 23): each of the three pages and the same login
 * screen bundled without federation, in turns, in headless Chromium at a phone's viewport with the CPU
 * 4x slower (CDP's Emulation.setCPUThrottlingRate; no network throttling), traced from the page's
 * request until it answers a tap: its form's submit button and the cookie banner's buttons enabled,
 * which React does once it has hydrated. Printed are the medians of the main thread's CPU time per kind
 * of work and per package, what started that the first tap does not need, the long tasks of the median
 * load, the requests before the page answers, and the ratios to the bundled login.
 *
 * After `npm run build` (with `BUILD_SOURCE_MAPS=1` for packages: without maps the script is named by
 * its chunk). PROFILE_RUNS sets the loads of each page (default 7), PROFILE_PORT the first of two ports
 * (default: free ones), PROFILE_JSON a file for every load's figures, PROFILE_AFTER_MS how long past
 * interactive the window runs (default 0: it ends there), to see what the page still does once usable,
 * as Lighthouse's main-thread figure counts it. Nothing is asserted.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { buildBundledLogin, serveBundled } from './bench/bundled-build.ts';
import { median } from './bench/median.ts';
import { freePort, startReferenceServer } from './bench/servers.ts';
import { locator } from './profile/locate.ts';
import {
  analyseRun,
  CATEGORIES,
  markdownTable,
  medianRecord,
  ms,
  ratio,
  type Locate,
  type RunFigures,
  type TraceEvent,
} from './profile/attribution.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Math.max(1, Number(process.env.PROFILE_RUNS ?? 7) || 7);
const BASE_PORT = process.env.PROFILE_PORT ? Number(process.env.PROFILE_PORT) : null;
const RATE = 4;
const MARK = 'entry:interactive';
/** With PROFILE_AFTER_MS, the window runs that long past interactive, to a mark of its own: what the page still does once usable. */
const AFTER_MS = Math.max(0, Number(process.env.PROFILE_AFTER_MS ?? 0) || 0);
const LATER_MARK = 'entry:later';
const BUNDLED = 'login bundled';
const PAGES: { label: string; path: string; owner: string }[] = [
  { label: '/public/login', path: '/public/login', owner: 'login' },
  { label: '/public/register/parent', path: '/public/register/parent', owner: 'registration' },
  { label: '/public/taster/oakwood', path: '/public/taster/oakwood', owner: 'taster' },
];
const CATEGORIES_TRACED = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * Marks the moment the page answers a tap: the buttons the server sends disabled until the scripts run
 * (a form's submit button, the cookie banner's) are all enabled. Runs in the page before its own scripts.
 */
const INTERACTIVE_PROBE = `(() => {
  const ready = () => {
    const held = [...document.querySelectorAll('.consent-banner button, form button[type="submit"]')];
    return held.length > 0 && held.every((button) => !button.disabled);
  };
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    performance.mark(${JSON.stringify(MARK)});
    console.debug(${JSON.stringify(MARK)});
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
})();`;

/** One load in a fresh context (nothing cached), traced from its request until it answers a tap. */
const profileOnce = async (browser: Browser, url: string, owner: string, locate: Locate): Promise<RunFigures> => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(INTERACTIVE_PROBE);
    const page = await context.newPage();
    // The page's own origin first, so the page loads into the renderer the slowdown is set on.
    await page.goto(`${new URL(url).origin}/health`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await browser.startTracing(page, { categories: CATEGORIES_TRACED });
    // Tracing reaches the renderer a moment after it is started: a navigation at once can miss its start.
    await page.waitForTimeout(250);
    const interactive = page.waitForEvent('console', { predicate: (message) => message.text() === MARK, timeout: 60_000 });
    await page.goto(url, { waitUntil: 'commit' });
    await interactive;
    if (AFTER_MS > 0) {
      await page.waitForTimeout(AFTER_MS);
      await page.evaluate((mark) => performance.mark(mark), LATER_MARK);
    }
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return analyseRun({ events: trace.traceEvents, url, mark: AFTER_MS > 0 ? LATER_MARK : MARK, locate, owner });
  } finally {
    await context.close();
  }
};

/** A load the trace cannot tell (no document request or navigation in it, say) is tried again, twice at most. */
const profile = async (browser: Browser, url: string, owner: string, locate: Locate): Promise<RunFigures> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await profileOnce(browser, url, owner, locate);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`A load of ${url} could not be profiled (${error instanceof Error ? error.message : String(error)}); trying again.`);
    }
  }
};

/** Lighthouse's benchmarkIndex of this host, unthrottled, in a blank page: what its 4x slowdown assumes is 1,500-2,000. */
const benchmarkIndex = async (browser: Browser) => {
  const page = await browser.newPage();
  try {
    return await page.evaluate(pageFunctions.computeBenchmarkIndex);
  } finally {
    await page.close();
  }
};

const hasSourceMaps = (folder: string) => readdirSync(join(folder, 'static', 'js')).some((name) => name.endsWith('.js.map'));

if (!existsSync(join(root, 'dist', 'public', 'server', 'index.mjs'))) {
  console.error('dist/public is missing or has no server renderer: run `BUILD_SOURCE_MAPS=1 npm run build` first.');
  process.exit(1);
}
if (!hasSourceMaps(join(root, 'dist', 'public'))) console.warn('The build has no source maps (`BUILD_SOURCE_MAPS=1 npm run build`): script is attributed to chunks, not packages.');

const { origin: site, stop } = await startReferenceServer({ DEMO_MODE: 'true' }, BASE_PORT ?? undefined);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run'] });
try {
  for (const { path } of PAGES) await fetch(`${site}${path}`);
  const bundledPort = BASE_PORT ? BASE_PORT + 1 : await freePort();
  const bundledOrigin = `http://127.0.0.1:${bundledPort}`;
  const bundledDir = await buildBundledLogin(bundledOrigin, { sourceMaps: true });
  const bundled = serveBundled(bundledDir, bundledPort, site);
  const locate = locator(
    new Map([
      [site, join(root, 'dist', 'public')],
      [bundledOrigin, join(bundledDir, 'public')],
    ]),
    bundledOrigin,
  );
  const loadAverages = [loadavg()[0] as number];
  try {
    const targets = [...PAGES.map(({ label, path, owner }) => ({ label, url: `${site}${path}`, owner })), { label: BUNDLED, url: `${bundledOrigin}/public/login`, owner: 'login' }];
    const runs = new Map<string, RunFigures[]>(targets.map(({ label }) => [label, []]));
    const indexes: number[] = [];
    for (let round = 1; round <= RUNS; round += 1) {
      indexes.push(await benchmarkIndex(browser));
      for (const { label, url, owner } of targets) runs.get(label)?.push(await profile(browser, url, owner, locate));
      loadAverages.push(loadavg()[0] as number);
      console.log(`round ${round} of ${RUNS} done`);
    }
    const labels = targets.map(({ label }) => label);
    const perRun = (label: string) => runs.get(label) as RunFigures[];
    const medianOf = (label: string, pick: (run: RunFigures) => number) => median(perRun(label).map(pick));
    const categories = new Map(labels.map((label) => [label, medianRecord(perRun(label).map((run) => run.categories))]));
    const header = ['main thread, CPU ms at 4x (medians)', ...labels, 'login ÷ bundled'];
    const row = (name: string, pick: (label: string) => number, format = ms) => [name, ...labels.map((label) => format(pick(label))), ratio(pick('/public/login'), pick(BUNDLED))];
    const total = (label: string) => medianOf(label, (run) => run.total);
    console.log(`\n${RUNS} loads of each page in turns; Chromium ${browser.version()}, CPU ${RATE}x, viewport 412x823; host benchmarkIndex median ${ms(median(indexes))} (${ms(Math.min(...indexes))}-${ms(Math.max(...indexes))}), load average ${loadAverages.map((value) => value.toFixed(1)).join(' → ')}\n`);
    console.log(
      markdownTable(header, [
        row('**total, request to interactive**', total),
        ...CATEGORIES.map((category) => row(category, (label) => categories.get(label)?.[category] ?? 0)),
        row('idle before interactive (wall ms)', (label) => medianOf(label, (run) => run.idleMs)),
        row('request to interactive (wall ms)', (label) => medianOf(label, (run) => run.interactiveMs)),
        row('requests before interactive', (label) => medianOf(label, (run) => run.requests), String),
        row('long tasks (> 50 ms CPU)', (label) => medianOf(label, (run) => run.longTasks.length), String),
        row('wall ÷ CPU time of long tasks (about 1: waits for a core are few)', (label) => medianOf(label, (run) => run.slowdown), (value) => value.toFixed(1)),
      ]),
    );
    const packages = new Map(labels.map((label) => [label, medianRecord(perRun(label).map((run) => run.packages))]));
    const names = [...new Set([...packages.values()].flatMap(Object.keys))].sort((a, b) => (packages.get('/public/login')?.[b] ?? 0) - (packages.get('/public/login')?.[a] ?? 0));
    console.log('\nScript time by package (its own frames; CPU ms at 4x, medians):\n');
    console.log(markdownTable(['package', ...labels, 'login ÷ bundled'], names.filter((name) => labels.some((label) => (packages.get(label)?.[name] ?? 0) >= 1)).map((name) => row(name, (label) => packages.get(label)?.[name] ?? 0))));
    const unneeded = new Map(labels.map((label) => [label, medianRecord(perRun(label).map((run) => run.unneeded))]));
    const within = new Map(labels.map((label) => [label, medianRecord(perRun(label).map((run) => run.unneededWithin))]));
    const items = [...new Set([...within.values()].flatMap(Object.keys))].sort();
    const both = (item: string) => (label: string) => `${ms(unneeded.get(label)?.[item] ?? 0)} / ${ms(within.get(label)?.[item] ?? 0)}`;
    console.log("\nStarted before interactive that the first tap does not need (script CPU ms at 4x, medians: its own frames / with what they call):\n");
    console.log(items.length ? markdownTable(['what', ...labels], items.map((item) => [item, ...labels.map(both(item))])) : 'nothing found');
    console.log('\nLong tasks (over 50 ms of CPU at 4x) of the load with the median total:\n');
    const longTasks = labels.flatMap((label) => {
      const sorted = [...perRun(label)].sort((a, b) => a.total - b.total);
      const middle = sorted[Math.floor((sorted.length - 1) / 2)] as RunFigures;
      return middle.longTasks.map((task) => [label, ms(task.startMs), ms(task.wallMs), ms(task.cpuMs), task.ran]);
    });
    console.log(markdownTable(['page', 'starts at (ms)', 'wall ms', 'CPU ms', 'what ran (CPU ms)'], longTasks));
    if (process.env.PROFILE_JSON) {
      writeFileSync(process.env.PROFILE_JSON, JSON.stringify({ benchmarkIndex: indexes, loadAverages, runs: Object.fromEntries(runs) }, null, 2));
      console.log(`\nEvery load's figures: ${process.env.PROFILE_JSON}`);
    }
  } finally {
    bundled.close();
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await browser.close();
  stop();
}
