/**
 * `npm run bench` (first part, issue 14): what a phone gets. Lighthouse's mobile preset (simulated
 * slow 4G and a 4x slower CPU) in Debian's Chromium, three runs per page, medians printed: the
 * performance score, LCP, TBT and CLS, and the bytes actually transferred (compressed, as sent).
 * The same login screen built without federation (scripts/bench/bundled-login*.tsx) is measured
 * beside it, so the ratio shows what federation costs. Figures to watch; nothing is asserted.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRsbuild } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { Hono } from 'hono';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { APP_DEFINE, precompress } from '../rsbuild.config.ts';
import { holdScriptsUntilPainted } from '../shell/src/server/after-first-paint.ts';
import { inlineSmallStyles } from '../shell/src/server/inline-styles.ts';
import { trimRadixCss } from '../shared/ui/build/radix-css.ts';
import { freePort, startReferenceServer } from './bench/servers.ts';
import shellConfig from '../shell/rsbuild.config.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/public/login', '/public/register/parent', '/public/taster/oakwood'];
const RUNS = 3;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A run's figures, and Lighthouse's benchmarkIndex of the host it ran on (its CPU speed, which TBT scales with). */
type Figures = { score: number; lcp: number; tbt: number; cls: number; total: number; jsCss: number; benchmarkIndex: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const lighthouseRun = async (url: string): Promise<Figures | { error: string }> => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) return { error: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` };
    const { audits, categories } = result.lhr;
    const requests = (audits['network-requests']?.details as { items: { resourceType?: string; transferSize?: number }[] }).items;
    const sent = (types: string[]) => requests.filter(({ resourceType }) => types.includes(resourceType ?? '')).reduce((sum, { transferSize = 0 }) => sum + transferSize, 0);
    return {
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      score: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      total: requests.reduce((sum, { transferSize = 0 }) => sum + transferSize, 0),
      jsCss: sent(['Script', 'Stylesheet']),
    };
  } finally {
    chrome.kill();
  }
};

/** A run Lighthouse itself could not complete (a trace without its navigation, say) is tried again, twice at most. */
const ATTEMPTS = RUNS + 2;

/** Medians of RUNS runs, each in a fresh Chromium (nothing cached from the run before). */
const measure = async (url: string): Promise<Figures> => {
  const runs: Figures[] = [];
  for (let attempt = 0; runs.length < RUNS; attempt += 1) {
    const run = await lighthouseRun(url);
    if (!('error' in run)) runs.push(run);
    else if (attempt + 1 >= ATTEMPTS) throw new Error(`Lighthouse could not measure ${url}: ${run.error}`);
    else console.warn(`Lighthouse could not complete a run of ${url} (${run.error}); trying again.`);
  }
  return {
    benchmarkIndex: median(runs.map(({ benchmarkIndex }) => benchmarkIndex)),
    score: median(runs.map(({ score }) => score)),
    lcp: median(runs.map(({ lcp }) => lcp)),
    tbt: median(runs.map(({ tbt }) => tbt)),
    cls: median(runs.map(({ cls }) => cls)),
    total: median(runs.map(({ total }) => total)),
    jsCss: median(runs.map(({ jsCss }) => jsCss)),
  };
};

const row = (label: string, figures: Figures) => ({
  page: label,
  performance: figures.score,
  LCP: `${Math.round(figures.lcp)} ms`,
  TBT: `${Math.round(figures.tbt)} ms`,
  CLS: figures.cls.toFixed(3),
  // The preset's 4x CPU slowdown assumes a host of 1500-2000 (Lighthouse's throttling guide): TBT from hosts far apart does not compare.
  'host CPU (benchmarkIndex)': Math.round(figures.benchmarkIndex),
  'JS+CSS sent': kib(figures.jsCss),
  'all sent': kib(figures.total),
});

/** The login screen without federation: one ordinary build, its page rendered once from the same tree. */
const buildBundledLogin = async (origin: string): Promise<string> => {
  const out = join(root, 'dist', 'bench-bundled');
  const rsbuild = await createRsbuild({
    cwd: root,
    rsbuildConfig: {
      plugins: [pluginReact(), precompress()],
      source: { define: APP_DEFINE },
      // The shell's head: the same favicon, in the page.
      html: { template: join(root, 'index.html'), title: 'Learning platform', tags: shellConfig.html?.tags },
      tools: { postcss: { postcssOptions: { plugins: [trimRadixCss()] } } },
      environments: {
        web: {
          source: { entry: { index: './scripts/bench/bundled-login.tsx' } },
          output: { distPath: { root: join(out, 'public') }, assetPrefix: '/public/' },
        },
        node: {
          source: { entry: { page: './scripts/bench/bundled-login-page.tsx' } },
          output: { target: 'node', distPath: { root: join(out, 'node') }, filename: { js: '[name].mjs' } },
        },
      },
    },
  });
  await rsbuild.build();
  const { renderLogin } = (await import(pathToFileURL(join(out, 'node', 'page.mjs')).href)) as { renderLogin: (origin: string) => Promise<string> };
  // Delivered as the federated page is (ADR 015): its small stylesheets in the page, painted first, its scripts loaded after.
  const page = holdScriptsUntilPainted(
    inlineSmallStyles(readFileSync(join(out, 'public', 'index.html'), 'utf8'), join(out, 'public')).replace(
      '<div id="root"></div>',
      `<div id="root">${await renderLogin(origin)}</div>`,
    ),
  );
  writeFileSync(join(out, 'public', 'login.html'), page);
  // Sent compressed, as the reference server sends the federated page.
  writeFileSync(join(out, 'public', 'login.html.br'), brotliCompressSync(page));
  writeFileSync(join(out, 'public', 'login.html.gz'), gzipSync(page));
  return out;
};

/** Serves the bundled build as the reference server serves the site: compressed files, and the APIs proxied to it. */
const serveBundled = (dir: string, port: number, api: string) => {
  const app = new Hono();
  app.get('/public/login', serveStatic({ path: join(dir, 'public', 'login.html'), precompressed: true }));
  app.get('/public/*', serveStatic({ root: join(dir, 'public'), precompressed: true, rewriteRequestPath: (path) => path.slice('/public'.length) }));
  app.all('*', (c) => fetch(new Request(`${api}${new URL(c.req.url).pathname}${new URL(c.req.url).search}`, c.req.raw)));
  return serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
};

if (!existsSync(join(root, 'dist', 'public', 'server', 'index.mjs'))) {
  console.error('dist/public is missing or has no server renderer: run `npm run build` first, then `npm run bench`.');
  process.exit(1);
}

const { origin: site, stop } = await startReferenceServer({ DEMO_MODE: 'true' });
try {
  // The first visit after a start composes with a cold renderer; a visitor meets a warm one.
  for (const page of PAGES) await fetch(`${site}${page}`);
  const rows = [];
  const federated: Record<string, Figures> = {};
  for (const page of PAGES) {
    federated[page] = await measure(`${site}${page}`);
    rows.push(row(page, federated[page]));
  }
  const bundledPort = await freePort();
  const bundled = serveBundled(await buildBundledLogin(`http://127.0.0.1:${bundledPort}`), bundledPort, site);
  try {
    const alone = await measure(`http://127.0.0.1:${bundledPort}/public/login`);
    rows.push(row('/public/login, bundled without federation', alone));
    console.table(rows);
    const login = federated['/public/login'] as Figures;
    console.log(
      `Federation's cost on /public/login: LCP x${(login.lcp / alone.lcp).toFixed(2)}, JS+CSS sent x${(login.jsCss / alone.jsCss).toFixed(2)} (${kib(login.jsCss)} against ${kib(alone.jsCss)})`,
    );
  } finally {
    bundled.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  stop();
}
