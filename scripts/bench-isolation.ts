/**
 * `npm run bench` (isolation part, issue 22): what a remote version that misbehaves on the server
 * costs every other page, and how soon a rollback is in force. After `npm run build`, on a copy of
 * the built site, on a reference server of its own:
 * - p50 and p95 of /health and of the composed /public/login, autocannon with 2 connections for 10 s
 *   each: normally, then while a registration canary (50%) whose server build spins, then one whose
 *   server build loops, is asked for twice a second by its visitors (as a version that always fails
 *   would be: it rests after each fault, 5 s doubling to a minute, so most of its pages are refused);
 * - the time from a rollback (remotes.json renamed into place, as the tooling does) to the first
 *   answer without the old version's text, and to the first page composed with the live one, while
 *   four visitors at a time ask for the page.
 * Prints figures; asserts nothing. The machine's other work, and autocannon itself, share its cores.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import { movePointers, publishFaultyVersion, publishRewordedVersion, readRegistry } from '../e2e/support/faulty-versions.ts';
import { bucketOf } from '../shared/routes/src/canary-bucket.ts';
import { startReferenceServer } from './bench/servers.ts';

const SECONDS = 10;
const CONNECTIONS = 2;
const CANARY_RATE = 2;
const ROLLBACKS = 5;
const LIVE_TEXT = 'Create your account';
const REWORDED_TEXT = 'Open an account with us';
const COMPOSED = 'id="entry-page-state"';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'public');
if (!existsSync(join(built, 'remotes.json'))) throw new Error('build the site first: npm run build');

const folder = mkdtempSync(join(tmpdir(), 'entry-bench-isolation-'));
const site = join(folder, 'public');
cpSync(built, site, { recursive: true });
const databasePath = join(folder, 'bench.sqlite');
const live = readRegistry(site).remotes.registration!.live;
const spinning = publishFaultyVersion(site, 'registration', 'bench-spin', 'spin');
const looping = publishFaultyVersion(site, 'registration', 'bench-loop', 'loop');
const reworded = publishRewordedVersion(site, 'registration', 'bench-reworded', LIVE_TEXT, REWORDED_TEXT);

/** Visitors in a 50% registration canary, and one outside it. */
const canaryVisitors = Array.from({ length: 400 }, (_, index) => `bench-visitor-${index}`).filter((id) => bucketOf(id, 'registration') < 50);
const liveVisitor = Array.from({ length: 400 }, (_, index) => `bench-visitor-${index}`).find((id) => bucketOf(id, 'registration') >= 50)!;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => sorted(values)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
const median = (values: number[]) => percentile(values, 50);

type Figures = { p50: number; p95: number; answers: number; other: number };

/** `url` asked by autocannon for SECONDS; every answer's time, from autocannon's own clock. */
const measure = (url: string) =>
  new Promise<Figures>((resolve, reject) => {
    const times: number[] = [];
    let other = 0;
    const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { Cookie: `entry_visitor=${liveVisitor}` } }, (error) =>
      error ? reject(error) : resolve({ p50: percentile(times, 50), p95: percentile(times, 95), answers: times.length, other }),
    );
    instance.on('response', (_client, status: number, _bytes, time: number) => {
      if (status === 200) times.push(time);
      else other += 1;
    });
  });

/** What the server said of each page it did not compose (Server-Timing), or `composed`. */
const outcomeOf = (response: Response) => /compose;desc="([^"]+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? 'composed';

/** The canary's visitors asking for its page CANARY_RATE times a second until stopped; what they got. */
const askContinuously = (origin: string) => {
  const outcomes = new Map<string, number>();
  const count = (outcome: string) => void outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const pending = new Set<Promise<void>>();
  let sent = 0;
  const timer = setInterval(() => {
    const visitor = canaryVisitors[sent++ % canaryVisitors.length]!;
    const asked = fetch(`${origin}/public/register`, { headers: { Cookie: `entry_visitor=${visitor}` } }).then(
      async (response) => {
        await response.text();
        count(outcomeOf(response));
      },
      () => count('error'),
    );
    pending.add(asked);
    void asked.finally(() => pending.delete(asked));
  }, 1000 / CANARY_RATE);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return outcomes;
  };
};

type Scenario = { label: string; health: Figures; login: Figures; canary: Map<string, number> | null };

const scenario = async (origin: string, label: string, canary: string | null): Promise<Scenario> => {
  if (canary) movePointers(site, 'registration', { canary: { version: canary, percentage: 50 } });
  const stop = canary ? askContinuously(origin) : null;
  const health = await measure(`${origin}/health`);
  const login = await measure(`${origin}/public/login`);
  const outcomes = stop ? await stop() : null;
  if (canary) movePointers(site, 'registration', { canary: null });
  return { label, health, login, canary: outcomes };
};

type Answer = { endedAt: number; html: string };

/** One rollback under load: the time from remotes.json renamed back to the first answer without the old text, and to the first page composed with the live text. */
const rollback = async (origin: string) => {
  movePointers(site, 'registration', { live: reworded });
  const answers: Answer[] = [];
  let loading = true;
  let asked = 0;
  const loops = Array.from({ length: 4 }, async () => {
    while (loading) {
      const response = await fetch(`${origin}/public/register`, { headers: { Cookie: `entry_visitor=bench-rollback-${(asked += 1)}` } });
      answers.push({ html: await response.text(), endedAt: performance.now() });
    }
  });
  const until = async (done: () => boolean) => {
    const deadline = performance.now() + 30_000;
    while (!done()) {
      if (performance.now() > deadline) throw new Error('the rollback bench waited 30 s for a page');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  try {
    await until(() => answers.filter(({ html }) => html.includes(COMPOSED) && html.includes(REWORDED_TEXT)).length >= 10);
    movePointers(site, 'registration', { live });
    const movedAt = performance.now();
    const after = () => answers.filter(({ endedAt }) => endedAt > movedAt);
    const composedLive = () => after().find(({ html }) => html.includes(COMPOSED) && html.includes(LIVE_TEXT));
    await until(() => Boolean(composedLive()));
    return {
      withoutOldText: after().find(({ html }) => !html.includes(REWORDED_TEXT))!.endedAt - movedAt,
      composedLive: composedLive()!.endedAt - movedAt,
    };
  } finally {
    loading = false;
    await Promise.all(loops);
  }
};

const ms = (value: number) => `${value.toFixed(1)}`.padStart(6);
const ratio = (value: number, normal: number) => `x${(value / normal).toFixed(2)}`.padStart(6);
const cell = (figures: Figures, normal: Figures) => `${ms(figures.p50)} ${ms(figures.p95)} ${ratio(figures.p95, normal.p95)}`;

const { origin, stop } = await startReferenceServer({ PUBLIC_DIR: site, DATABASE_PATH: databasePath, HOST: '127.0.0.1' });
try {
  // Not counted: the workers start and the code of both pages is compiled.
  await measure(`${origin}/public/login`);
  const normal = await scenario(origin, 'normal', null);
  const rows = [normal, await scenario(origin, 'canary spins, 2/s to it', spinning), await scenario(origin, 'canary loops, 2/s to it', looping)];

  console.log(`\nOther pages while a registration canary misbehaves on the server (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; ms, p95 against normal):`);
  console.log(`  ${''.padEnd(26)} ${'/health p50    p95  ratio'.padEnd(28)} /public/login p50    p95  ratio`);
  for (const row of rows) {
    console.log(`  ${row.label.padEnd(26)} ${cell(row.health, normal.health).padEnd(28)} ${cell(row.login, normal.login)}    (${row.health.answers} and ${row.login.answers} answers${row.health.other + row.login.other ? `, ${row.health.other + row.login.other} not 200` : ''})`);
  }
  for (const row of rows.filter((each) => each.canary)) {
    console.log(`  ${row.label}: its own pages ${[...row.canary!].map(([outcome, count]) => `${count} ${outcome}`).join(', ')}`);
  }
  const db = new DatabaseSync(databasePath, { readOnly: true });
  const failures = db.prepare('SELECT remote, version, route, reason, count FROM composition_failures ORDER BY remote, version, route').all();
  db.close();
  console.log(`  composition_failures: ${failures.map((row) => `${row.remote} ${row.version} ${row.route} ${row.reason} x${row.count}`).join('; ') || 'none'}`);

  const rollbacks = [];
  for (let round = 0; round < ROLLBACKS; round += 1) rollbacks.push(await rollback(origin));
  const summary = (times: number[]) => `${median(times).toFixed(1)} ms (longest ${Math.max(...times).toFixed(1)} ms)`;
  console.log(`\nA rollback under load (4 visitors at a time), from remotes.json renamed back (median of ${ROLLBACKS}; the rolled-back-to version's worker starts cold):`);
  console.log(`  to the first answer without the old text:       ${summary(rollbacks.map((each) => each.withoutOldText))}`);
  console.log(`  to the first page composed with the live text:  ${summary(rollbacks.map((each) => each.composedLive))}`);
} finally {
  stop();
  rmSync(folder, { recursive: true, force: true });
}
