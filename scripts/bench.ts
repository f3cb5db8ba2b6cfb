/**
 * Cold-load transfer of the site's public pages, as figures to watch (never a pass/fail test).
 * The reference server does not compress, so the budget is judged on the gzip size of each
 * JS/CSS body — what a compressing CDN would send — next to the raw bytes actually on the wire.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PATHS = ['/public/login', '/public/register', '/public/taster/sample-school'];
const BUDGET_PATH = '/public/login';
const BUDGET_KIB = 160;
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

type Kind = 'js' | 'css';
type Asset = { url: string; kind: Kind; gzip: number };
type PageResult = { path: string; assets: Asset[]; rawBytes: number; tasterRequests: string[] };

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const kindOf = (mime: string): Kind | undefined =>
  mime.includes('javascript') ? 'js' : mime.includes('css') ? 'css' : undefined;

/** Asks the OS for a port nobody uses, so a running dev server on 3000/4000 does not get in the way. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const waitForHealth = async (base: string, serverLog: () => string) => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the reference server did not answer ${base}/health within 15 s:\n${serverLog()}`);
};

const measure = async (browser: Browser, base: string, path: string): Promise<PageResult> => {
  // A fresh context per page: nothing cached from the previous page may hide its cost.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Bytes on the wire come from CDP (Playwright does not expose them); the two are joined by requestId.
    const kinds = new Map<string, Kind>();
    let rawBytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      const kind = kindOf(e.response.mimeType);
      if (kind) kinds.set(e.requestId, kind);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (kinds.has(e.requestId)) rawBytes += e.encodedDataLength;
    });
    const tasterRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/public/remotes/taster/')) tasterRequests.push(r.url());
    });
    // Bodies are only readable while the context lives, so keep the promises and await them before closing.
    const pending: Promise<Asset | undefined>[] = [];
    page.on('response', (response) => {
      const kind = kindOf(response.headers()['content-type'] ?? '');
      if (!kind) return;
      pending.push(
        response.body().then(
          (body) => ({ url: response.url(), kind, gzip: gzipSync(body, { level: 9 }).length }),
          () => undefined, // redirects and aborted loads have no body to count
        ),
      );
    });
    const response = await page.goto(base + path, { waitUntil: 'networkidle' });
    if (!response?.ok()) console.warn(`warning: ${path} answered ${response?.status() ?? 'nothing'}`);
    const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== undefined);
    return { path, assets, rawBytes, tasterRequests };
  } finally {
    await context.close();
  }
};

const report = (results: PageResult[]) => {
  const sum = (assets: Asset[], kind?: Kind) => assets.filter((a) => !kind || a.kind === kind).reduce((n, a) => n + a.gzip, 0);
  const rows = results.map((r) => ({
    path: r.path,
    'JS KiB (gzip)': kib(sum(r.assets, 'js')),
    'CSS KiB (gzip)': kib(sum(r.assets, 'css')),
    'total KiB (gzip)': kib(sum(r.assets)),
    'JS/CSS requests': r.assets.length,
    'raw bytes': r.rawBytes,
  }));
  console.table(rows);

  const login = results.find((r) => r.path === BUDGET_PATH);
  if (!login) return;
  const over = sum(login.assets) / 1024 - BUDGET_KIB;
  console.log(
    over > 0
      ? `${BUDGET_PATH}: ${kib(sum(login.assets))} KiB gzip, over the ${BUDGET_KIB} KiB budget by ${over.toFixed(1)} KiB`
      : `${BUDGET_PATH}: ${kib(sum(login.assets))} KiB gzip, within the ${BUDGET_KIB} KiB budget, ${(-over).toFixed(1)} KiB to spare`,
  );
  console.log(`\nLargest JS/CSS on ${BUDGET_PATH} (gzip):`);
  for (const a of [...login.assets].sort((x, y) => y.gzip - x.gzip).slice(0, 8)) {
    console.log(`  ${kib(a.gzip).padStart(7)} KiB  ${a.kind.padEnd(3)}  ${new URL(a.url).pathname}`);
  }
  // The login page must not pay for the taster remote; any hit here means a needless eager load.
  console.log(
    login.tasterRequests.length === 0
      ? `\nRequests to /public/remotes/taster/ while opening ${BUDGET_PATH}: none`
      : `\nRequests to /public/remotes/taster/ while opening ${BUDGET_PATH}: ${login.tasterRequests.length}\n  ${login.tasterRequests.join('\n  ')}`,
  );
};

if (!existsSync(join(root, 'dist', 'public'))) {
  console.error('dist/public is missing: run `npm run build` first, then `npm run bench`.');
  process.exit(1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: ':memory:', DEMO_MODE: 'true' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (d: Buffer) => (serverLog += d));
server.stderr.on('data', (d: Buffer) => (serverLog += d));
// Ctrl-C must not leave the server holding its port.
process.once('SIGINT', () => {
  server.kill();
  process.exit(130);
});

let browser: Browser | undefined;
try {
  await waitForHealth(base, () => serverLog);
  browser = await chromium.launch(
    existsSync(SYSTEM_CHROMIUM)
      ? {
          executablePath: SYSTEM_CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        }
      : {},
  );
  const results: PageResult[] = [];
  for (const path of PATHS) results.push(await measure(browser, base, path));
  report(results);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server.kill();
}
