/**
 * `npm run bench` (tier part, issue 26): composition nodes that read the site from an object store,
 * behind nginx as the load balancer, as docs/deployment.md describes them. After `npm run build`:
 * the built site goes into a local S3-compatible store (s3rver), PostgreSQL holds the state the nodes
 * share, and three nodes start with no copy of the site. It measures
 * - the /public/login a second at p95 under 200 ms, through nginx to 1 node and to 3 (an open-loop paced
 *   load, rising in steps of 5 s; the load generator, nginx, the store and every node share this
 *   machine's cores, so the ratio says how a tier scales on them, not on three machines): once as a new
 *   visitor gets it (a kept page, ADR 026), once composed by a worker for every request;
 * - the time from `npm run rollback` returning (a move of login's live pointer in the bucket) to every
 *   node serving the new version, and back;
 * - what visitors get while one node is killed (SIGKILL), and another stopped as a deploy stops it
 *   (SIGTERM: it answers what it holds, then exits), and each started again, under a steady load.
 * Prints figures; asserts nothing. Ports: BENCH_TIER_PORT and the next 9, or free ones.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_S3_CREDENTIALS, startLocalS3, uploadFolder } from '../release/src/targets/local-s3.ts';
import { s3Bucket } from '../release/src/targets/s3.ts';
import { startLocalPostgres } from '../server/src/shared-state/local-postgres.ts';
import { mainContext, NGINX, tempPaths } from '../e2e/support/nginx.ts';
import { pacedLoad, pageKind, type PacedRun } from './bench/paced-load.ts';
import { freePort } from './bench/servers.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'public');
if (!existsSync(join(built, 'remotes.json'))) throw new Error('build the site first: npm run build');

const base = Number(process.env.BENCH_TIER_PORT ?? 0);
const port = async (offset: number) => (base ? base + offset : freePort());
const STEP_SECONDS = 5;
/** The load's steps, a second, up to 700: a new visitor's login is a kept page (ADR 026), which one node sends at 500 a second. BENCH_TIER_RATES=10,20 for a quick run. */
const RATES = process.env.BENCH_TIER_RATES?.split(',').map(Number) ?? [10, 20, 40, 80, 120, 180, 250, 350, 500, 700];
const P95_LIMIT_MS = 200;
const PREFIX = 'public';

const folder = mkdtempSync(join(tmpdir(), 'entry-bench-tier-'));
const cleanups: (() => unknown)[] = [];
const stopAll = async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(folder, { recursive: true, force: true });
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => sorted(values)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
const failed = (run: PacedRun) => [...run.statuses].filter(([status]) => status !== 200).reduce((sum, [, count]) => sum + count, 0);
const statuses = (run: PacedRun) => [...run.statuses].map(([status, count]) => `${status}: ${count}`).join(', ');

const s3 = await startLocalS3({ port: await port(9) });
cleanups.push(() => s3.close());
const bucket = s3Bucket({ endpoint: s3.endpoint, bucket: s3.bucket, prefix: PREFIX }, LOCAL_S3_CREDENTIALS);
await uploadFolder(bucket, built);
const postgres = await startLocalPostgres();
cleanups.push(() => postgres.stop());

const balancerPort = await port(0);
const origin = `http://127.0.0.1:${balancerPort}`;
const nodePorts = [await port(1), await port(2), await port(3)];
const nodeEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: origin,
  TRUSTED_PROXIES: 'loopback',
  DATABASE_PATH: ':memory:',
  SITE_S3_ENDPOINT: s3.endpoint,
  SITE_S3_BUCKET: s3.bucket,
  SITE_S3_PREFIX: PREFIX,
  S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
  SHARED_DATABASE_URL: postgres.url,
};
/** A node answers once it holds the site's code; on a machine this busy that can take a while. */
const waitForHealth = async (url: string, log: () => string) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(`${url}/health`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}/health did not answer within 60 s:\n${log()}`);
};

const nodes = new Map<number, ChildProcess>();
const startNode = async (nodePort: number) => {
  const child = spawn(process.execPath, [join(root, 'server', 'src', 'main.ts')], { cwd: root, env: { ...nodeEnv, PORT: String(nodePort) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (data: Buffer) => (log = `${log}${data}`.slice(-4000)));
  nodes.set(nodePort, child);
  await waitForHealth(`http://127.0.0.1:${nodePort}`, () => log);
};
cleanups.push(() => {
  for (const child of nodes.values()) child.kill();
});

/** nginx in front of the given nodes: a GET whose node refuses or drops the connection goes to the next. */
const startBalancer = async (upstreams: number[]) => {
  const prefix = join(folder, `nginx-${upstreams.length}`);
  mkdirSync(prefix, { recursive: true });
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${mainContext(prefix, { errors: 'crit', connections: 2048 })}
http {
  access_log off;
${tempPaths(prefix)}
  upstream nodes {
    ${upstreams.map((nodePort) => `server 127.0.0.1:${nodePort} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${balancerPort};
    location / {
      proxy_pass http://nodes;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 1s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const stop = () => {
    if (nginx.exitCode === null) nginx.kill('SIGQUIT');
    return exited;
  };
  cleanups.push(stop);
  await waitForHealth(origin, () => `nginx in ${prefix}`);
  return stop;
};

/**
 * A new visitor's login, as a crowd from a link asks it: a page a node keeps and sends again (ADR 026).
 * With `composed`, each asks it with a query of its own (`?visit=n`), which the login ignores and which no
 * node keeps, so every answer is composed by a worker: what the tier can compose.
 */
const login = (rate: number, seconds: number, composed = false) =>
  pacedLoad({
    url: `${origin}/public/login`,
    method: 'GET',
    rate,
    seconds,
    requestFor: () => ({ headers: { 'Accept-Encoding': 'br' } }),
    pathFor: composed ? (n) => `/public/login?visit=${n}` : undefined,
    kindOf: pageKind,
  });

/** The highest rate of the steps at which p95 stayed under the limit with every answer a 200. */
const capacity = async (upstreams: number[], composed: boolean) => {
  const stop = await startBalancer(upstreams);
  await login(10, 3, composed);
  let best: { rate: number; p50: number; p95: number } | null = null;
  for (const rate of RATES) {
    const run = await login(rate, STEP_SECONDS, composed);
    const [p50, p95] = [percentile(run.times, 50), percentile(run.times, 95)];
    const kinds = [...run.kinds].map(([kind, count]) => `${kind}: ${count}`).join(', ');
    console.log(`    ${upstreams.length} node(s), ${rate}/s: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (${statuses(run)}; ${kinds})`);
    // A page an overloaded node left to the browser is an answer, but not a composed one.
    const notComposed = composed ? run.times.length - (run.kinds.get('composed') ?? 0) : 0;
    if (p95 >= P95_LIMIT_MS || failed(run) > 0 || notComposed > 0) break;
    best = { rate, p50, p95 };
  }
  await stop();
  return best;
};

try {
  await Promise.all(nodePorts.map(startNode));
  console.log(
    `Tier: 3 nodes reading s3://${s3.bucket}/${PREFIX} (s3rver), PostgreSQL shared, nginx in front; ${execFileSync('nproc').toString().trim()} cores for all of it and the load; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );

  const held = (result: Awaited<ReturnType<typeof capacity>>) =>
    result ? `${result.rate}/s (p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms)` : `none of the steps`;
  /** The three nodes' rate for a new visitor's page: the steady load of the node-loss test below is 60 % of it. */
  let keptByThree: Awaited<ReturnType<typeof capacity>> = null;
  for (const [composed, what] of [
    [false, '/public/login for a new visitor, as kept pages answer it'],
    [true, '/public/login composed for every request (a query of its own: never kept)'],
  ] as const) {
    console.log(`  ${what}, at p95 < 200 ms (paced GETs, steps of 5 s):`);
    const one = await capacity(nodePorts.slice(0, 1), composed);
    const three = await capacity(nodePorts, composed);
    if (!composed) keptByThree = three;
    console.log(`  1 node: ${held(one)}; 3 nodes: ${held(three)}${one && three ? `; ratio ${(three.rate / one.rate).toFixed(2)} on 2 shared cores` : ''}`);
  }

  // A move of login's live pointer with the release tooling, against the bucket.
  const stopBalancer = await startBalancer(nodePorts);
  const config = join(folder, 'release.config.json');
  writeFileSync(
    config,
    JSON.stringify({ defaultEnvironment: 'tier', environments: { tier: { target: { type: 's3', endpoint: s3.endpoint, bucket: s3.bucket, prefix: PREFIX } } } }),
  );
  const registry = JSON.parse((await (await bucket.get(bucket.keyOf('remotes.json')))!.text()) as string) as { remotes: Record<string, { live: string }> };
  const live = registry.remotes.login!.live;
  // A second version of login to move to: the live one's files under another version id.
  const other = 'bench-tier-moved';
  await uploadFolder(
    s3Bucket({ endpoint: s3.endpoint, bucket: s3.bucket, prefix: `${PREFIX}/remotes/login/${other}` }, LOCAL_S3_CREDENTIALS),
    join(built, 'remotes', 'login', live),
  );
  const serving = async (nodePort: number, version: string) =>
    (await (await fetch(`http://127.0.0.1:${nodePort}/public/login`)).text()).includes(`/public/remotes/login/${version}/`);
  for (const [from, to] of [
    [live, other],
    [other, live],
  ] as const) {
    const started = performance.now();
    // Not execFileSync: the store runs on this process's loop and must answer the command.
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        ['release/src/run.js', 'rollback', 'login', to, '--by', 'bench', '--why', 'tier bench'],
        {
          cwd: root,
          env: { ...process.env, RELEASE_CONFIG: config, S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey },
        },
        (error, stdout) => (error ? reject(new Error(`npm run rollback -- login ${to} failed: ${stdout}`, { cause: error })) : resolve()),
      ),
    );
    const returned = performance.now();
    const waiting = new Set(nodePorts);
    const times: number[] = [];
    while (waiting.size > 0 && performance.now() - returned < 10_000) {
      for (const nodePort of [...waiting]) {
        if (await serving(nodePort, to)) {
          waiting.delete(nodePort);
          times.push(performance.now() - returned);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    console.log(
      `  rollback login ${from} -> ${to}: the command took ${((returned - started) / 1000).toFixed(2)} s; then every node served ${to} after ${
        waiting.size ? `more than 10 s (${waiting.size} did not)` : `${(Math.max(...times) / 1000).toFixed(2)} s (first ${(Math.min(...times) / 1000).toFixed(2)} s)`
      }`,
    );
  }

  // One node killed under load and started again: at once (SIGKILL), then stopped as a deploy stops it (SIGTERM).
  const rate = Math.max(10, Math.round(((keptByThree?.rate ?? 20) * 0.6) / 10) * 10);
  for (const [signal, victim] of [
    ['SIGKILL', nodePorts[1]!],
    ['SIGTERM', nodePorts[2]!],
  ] as const) {
    const load = login(rate, 20);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const child = nodes.get(victim);
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill(signal);
    const killedAt = performance.now();
    await exited;
    const stoppedAfter = performance.now() - killedAt;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3000 - stoppedAfter)));
    await startNode(victim);
    const backAfter = performance.now() - killedAt;
    const run = await load;
    console.log(
      `  node on ${victim} stopped (${signal}, exited after ${(stoppedAfter / 1000).toFixed(2)} s) 5 s into 20 s of ${rate}/s, started again and healthy ${(backAfter / 1000).toFixed(1)} s after: ` +
        `${run.times.length} answers (${statuses(run)}), p50 ${percentile(run.times, 50).toFixed(0)} ms, p95 ${percentile(run.times, 95).toFixed(0)} ms, max ${percentile(run.times, 100).toFixed(0)} ms`,
    );
  }
  await stopBalancer();
} finally {
  await stopAll();
}
