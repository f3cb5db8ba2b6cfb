/**
 * `npm run bench` (first part, issues 14 and 23): what a phone gets. Lighthouse's mobile preset (simulated
 * slow 4G and a 4x slower CPU) in Debian's Chromium on each page, and on the same login screen built
 * without federation (scripts/bench/bundled-login*.tsx) and served with the site's security headers
 * (ADR 029), taken in turns within each round so that a busy
 * host weighs on both alike: medians of the performance score, LCP, TBT, CLS, main-thread time
 * (Lighthouse's mainthread-work-breakdown, and the CPU time of the same, which a busy host does not
 * inflate), requests and bytes sent, the ratios federated / bundled and
 * the host's benchmarkIndex. BENCH_RUNS sets the rounds (default 5; 2 for a quick look), BENCH_PORT the
 * first of two ports for its servers (the reference server, then the bundled one; default: free ones), and
 * BENCH_JSON a file to write every run's figures to, with where each page's main thread went.
 * Figures to watch; nothing is asserted.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildBundledLogin, serveBundled } from './bench/bundled-build.ts';
import { median } from './bench/median.ts';
import { freePort, startReferenceServer } from './bench/servers.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/public/login', '/public/register/parent', '/public/taster/oakwood'];
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);
const BASE_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A run's figures, and Lighthouse's benchmarkIndex of the host it ran on (its CPU speed, which TBT scales with). */
type Figures = { score: number; lcp: number; tbt: number; cls: number; mainThread: number; mainThreadCpu: number; requests: number; total: number; jsCss: number; benchmarkIndex: number };
/** Where a run's main thread went: per kind of work (Lighthouse's groups) and per script (bootup-time), in ms. */
type Breakdown = { groups: Record<string, number>; scripts: Record<string, { total: number; scripting: number; parse: number }> };
type Run = Figures & { breakdown: Breakdown };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

type TraceEvent = { name: string; ph: string; pid: number; tid: number; tdur?: number; args?: { name?: string } };

/**
 * The page's main thread in CPU time (the trace's thread durations of its tasks), times the preset's
 * CPU slowdown as Lighthouse counts its main-thread time: unlike wall time, it does not grow while
 * other processes of a shared host hold the core. The renderer's main thread that ran the most is the page's.
 */
const mainThreadCpu = (events: TraceEvent[], slowdown: number): number => {
  const mains = new Set(events.filter(({ name, args }) => name === 'thread_name' && args?.name === 'CrRendererMain').map(({ pid, tid }) => `${pid}:${tid}`));
  const perThread = new Map<string, number>();
  for (const { name, ph, pid, tid, tdur } of events) {
    const thread = `${pid}:${tid}`;
    if (name === 'RunTask' && ph === 'X' && tdur !== undefined && mains.has(thread)) perThread.set(thread, (perThread.get(thread) ?? 0) + tdur);
  }
  return (Math.max(0, ...perThread.values()) / 1000) * slowdown;
};

const lighthouseRun = async (url: string): Promise<Run | { error: string }> => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) return { error: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` };
    const { audits, categories } = result.lhr;
    const requests = (audits['network-requests']?.details as { items: { resourceType?: string; transferSize?: number }[] }).items;
    const items = <T>(id: string) => ((audits[id]?.details as { items?: T[] } | undefined)?.items ?? []);
    const sent = (types: string[]) => requests.filter(({ resourceType }) => types.includes(resourceType ?? '')).reduce((sum, { transferSize = 0 }) => sum + transferSize, 0);
    return {
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      total: requests.reduce((sum, { transferSize = 0 }) => sum + transferSize, 0),
      jsCss: sent(['Script', 'Stylesheet']),
      mainThread: audits['mainthread-work-breakdown']?.numericValue ?? NaN,
      mainThreadCpu: mainThreadCpu((result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents, result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 1),
      requests: requests.length,
      breakdown: {
        groups: Object.fromEntries(items<{ group: string; duration: number }>('mainthread-work-breakdown').map(({ group, duration }) => [group, duration])),
        scripts: Object.fromEntries(
          items<{ url: string; total: number; scripting: number; scriptParseCompile: number }>('bootup-time').map(({ url: script, total, scripting, scriptParseCompile }) => [
            script.replace(/^https?:\/\/[^/]+/, ''),
            { total, scripting, parse: scriptParseCompile },
          ]),
        ),
      },
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    chrome.kill();
  }
};

/** A run Lighthouse itself could not complete (a trace without its navigation, say) is tried again, twice at most. */
const measureOnce = async (url: string): Promise<Run> => {
  for (let attempt = 1; ; attempt += 1) {
    const run = await lighthouseRun(url);
    if (!('error' in run)) return run;
    if (attempt >= 3) throw new Error(`Lighthouse could not measure ${url}: ${run.error}`);
    console.warn(`Lighthouse could not complete a run of ${url} (${run.error}); trying again.`);
  }
};

const FIGURES = ['score', 'lcp', 'tbt', 'cls', 'mainThread', 'mainThreadCpu', 'requests', 'total', 'jsCss', 'benchmarkIndex'] as const;
const medians = (runs: Figures[]): Figures => Object.fromEntries(FIGURES.map((key) => [key, median(runs.map((run) => run[key]))])) as Figures;

/** Each key's median over the runs (a key a run lacks counts as 0 there). */
const medianRecord = (records: Record<string, number>[]) =>
  Object.fromEntries([...new Set(records.flatMap(Object.keys))].map((key) => [key, median(records.map((record) => record[key] ?? 0))]));

const medianBreakdown = (runs: Run[]) => ({
  groups: medianRecord(runs.map(({ breakdown }) => breakdown.groups)),
  scripts: medianRecord(runs.map(({ breakdown }) => Object.fromEntries(Object.entries(breakdown.scripts).map(([script, { total }]) => [script, total])))),
});

const row = (label: string, figures: Figures) => ({
  page: label,
  performance: figures.score,
  LCP: `${Math.round(figures.lcp)} ms`,
  TBT: `${Math.round(figures.tbt)} ms`,
  'main thread': `${Math.round(figures.mainThread)} ms`,
  'its CPU time': `${Math.round(figures.mainThreadCpu)} ms`,
  requests: figures.requests,
  CLS: figures.cls.toFixed(3),
  // The preset's 4x CPU slowdown assumes a host of 1500-2000 (Lighthouse's throttling guide): TBT from hosts far apart does not compare.
  'host CPU (benchmarkIndex)': Math.round(figures.benchmarkIndex),
  'JS+CSS sent': kib(figures.jsCss),
  'all sent': kib(figures.total),
});

if (!existsSync(join(root, 'dist', 'public', 'server', 'index.mjs'))) {
  console.error('dist/public is missing or has no server renderer: run `npm run build` first, then `npm run bench`.');
  process.exit(1);
}

const BUNDLED = '/public/login, bundled without federation';

const { origin: site, stop } = await startReferenceServer({ DEMO_MODE: 'true' }, BASE_PORT ?? undefined);
try {
  // The first visit after a start composes with a cold renderer; a visitor meets a warm one.
  for (const page of PAGES) await fetch(`${site}${page}`);
  const bundledPort = BASE_PORT ? BASE_PORT + 1 : await freePort();
  const bundled = serveBundled(await buildBundledLogin(`http://127.0.0.1:${bundledPort}`), bundledPort, site);
  try {
    const targets: [string, string][] = [...PAGES.map((page): [string, string] => [page, `${site}${page}`]), [BUNDLED, `http://127.0.0.1:${bundledPort}/public/login`]];
    const runs = new Map<string, Run[]>(targets.map(([label]) => [label, []]));
    // In turns, each round in fresh Chromiums (nothing cached from the run before): a slow moment of the host falls on one round of each.
    for (let round = 1; round <= RUNS; round += 1) {
      for (const [label, url] of targets) runs.get(label)?.push(await measureOnce(url));
      console.log(`round ${round} of ${RUNS} done`);
    }
    const figures = new Map([...runs].map(([label, list]) => [label, medians(list)]));
    console.table([...figures].map(([label, median]) => row(label, median)));
    const alone = figures.get(BUNDLED) as Figures;
    const ratio = (value: number, against: number) => `x${(value / against).toFixed(2)}`;
    console.log(`Federated / bundled login, medians of ${RUNS} runs each (host benchmarkIndex ${Math.round(alone.benchmarkIndex)}):`);
    console.table(
      PAGES.map((page) => {
        const federated = figures.get(page) as Figures;
        return { page, TBT: ratio(federated.tbt, alone.tbt), 'main thread': ratio(federated.mainThread, alone.mainThread), 'its CPU time': ratio(federated.mainThreadCpu, alone.mainThreadCpu), 'JS+CSS sent': ratio(federated.jsCss, alone.jsCss), requests: ratio(federated.requests, alone.requests) };
      }),
    );
    if (process.env.BENCH_JSON) {
      const report = Object.fromEntries([...runs].map(([label, list]) => [label, { medians: figures.get(label), breakdown: medianBreakdown(list), runs: list }]));
      writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2));
      console.log(`Every run's figures and where the main thread went: ${process.env.BENCH_JSON}`);
    }
  } finally {
    bundled.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stop();
}
