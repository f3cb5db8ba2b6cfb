/**
 * What a staged rollout does by itself (issue 25, ADR 018), on the built site and a reference server of
 * the bench's own: a registration canary that fails at load for 30% of its visitors, released with
 * `--rollout 5,25,50,100`, and how soon after its first failures the server aborts it and how many
 * visitors failed meanwhile; then a healthy canary, and how it goes through every stage to live.
 * Simulated visitors (e2e/support/simulated-visitors.ts) come at VISITORS_PER_SECOND (default 30),
 * each from an address of its own; versions fail for 1 visitor in 100 besides, live and canary alike.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { oneIn, startVisitors } from '../e2e/support/simulated-visitors.ts';
import { startReferenceServer } from './bench/servers.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'public');
if (!existsSync(join(built, 'remotes.json'))) throw new Error('build the site first: npm run build');
const perSecond = Number(process.env.VISITORS_PER_SECOND ?? 30);

const site = join(mkdtempSync(join(tmpdir(), 'entry-bench-rollout-')), 'public');
cpSync(built, site, { recursive: true });
const server = await startReferenceServer({ PUBLIC_DIR: site, TRUSTED_PROXIES: 'loopback', ROLLOUT_CHECK_MS: '1000' });

type Record = { live: string; canary: { version: string; percentage: number } | null; history: { at: string; by: string; action: string; to: string; why: string }[] };
const registration = () => (JSON.parse(readFileSync(join(site, 'remotes.json'), 'utf8')) as { remotes: { registration: Record } }).remotes.registration;
const release = (version: string, step: string) =>
  promisify(execFile)(
    process.execPath,
    ['release/src/run.js', 'release', 'registration', '--from', join(root, 'remotes', 'registration', 'dist'), '--version', version, '--rollout', '5,25,50,100', '--step', step, '--target', site, '--server', server.origin, '--by', 'bench'],
    { cwd: root },
  );
const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return done();
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const lines: string[] = [];

try {
  const bad = `bench-bad-${Date.now()}`;
  await release(bad, '10m');
  const failing = startVisitors({
    origin: server.origin,
    site,
    remote: 'registration',
    perSecond,
    fails: (version, number) => (version === bad ? oneIn(30)(number) : oneIn(1)(number + 50)),
  });
  const aborted = await until(() => registration().canary === null, 5 * 60_000);
  const abortedAt = Date.now();
  const failed = await failing.stop();
  const canaryFailures = registration().history.at(-1);
  lines.push(
    aborted
      ? `canary failing at load for 30% of its visitors, --rollout 5,25,50,100: aborted ${seconds(abortedAt - (failed.firstFailureAt ?? abortedAt))} after its first failure, ${failed.canaryFailed} canary visitors failed (of ${failed.canaryVisitors} on the canary, ${failed.visitors} in all); live stays ${registration().live}`
      : 'canary failing at load for 30% of its visitors: NOT aborted within 5 minutes',
  );
  lines.push(`  history: ${canaryFailures?.action} ${canaryFailures?.to} by ${canaryFailures?.by}: ${canaryFailures?.why}`);

  const good = `bench-good-${Date.now()}`;
  const step = process.env.ROLLOUT_STEP ?? '10s';
  const started = Date.now();
  await release(good, step);
  const healthy = startVisitors({ origin: server.origin, site, remote: 'registration', perSecond, fails: (_, number) => oneIn(1)(number) });
  const promoted = await until(() => registration().live === good || registration().canary === null, 5 * 60_000);
  await healthy.stop();
  const moves = registration().history.filter(({ at, by }) => by === 'rollout' && Date.parse(at) >= started);
  lines.push(
    promoted && registration().live === good
      ? `healthy canary, --rollout 5,25,50,100 --step ${step}: live for everybody ${seconds(Date.now() - started)} after its release, through ${moves.map(({ action, to }) => (action === 'promote' ? '100% (promoted)' : /\((\d+%)\)/.exec(to)?.[1])).join(', ')}`
      : `healthy canary: NOT promoted (${registration().canary === null ? 'aborted' : 'still at its stage'})`,
  );
  for (const { why } of moves) lines.push(`  ${why}`);
} finally {
  server.stop();
  rmSync(dirname(site), { recursive: true, force: true });
}

console.log(`\nStaged rollouts, registration remote, ${perSecond} simulated visitors a second, the server looking every 1 s:`);
for (const line of lines) console.log(`  ${line}`);
