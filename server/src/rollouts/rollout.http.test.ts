import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../release/src/cli.ts';
import type { Registry } from '../../../release/src/registry.ts';
import { oneIn, startVisitors } from '../../../e2e/support/simulated-visitors.ts';
import { listenForApp } from '../accounts/test-server.ts';
import { createApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import { createRolloutDriver, type RolloutDriver } from './rollout-driver.ts';
import { manifest, until } from './test-support.ts';
import { folderTarget } from '../../../release/src/targets/folder.ts';
import { sqliteState } from '../shared-state/shared-state.ts';
import { folderSite } from '../ssr/deployed-site.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const write = (dir: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

let site: string;
let build: string;
let db: Database;
let driver: RolloutDriver;
let origin: string;
let close: () => Promise<void>;
const lines: string[] = [];

/** A deployed site (registration 1.0.0 live, no server build: nothing to compose), served with a rollout driver looking every 100 ms. */
beforeEach(async () => {
  site = mkdtempSync(join(tmpdir(), 'rollout-site-'));
  build = mkdtempSync(join(tmpdir(), 'rollout-build-'));
  write(site, {
    'remotes.json': JSON.stringify({ remotes: { registration: { live: '1.0.0', lastKnownGood: null, canary: null, history: [] } } }),
    'remotes/registration/1.0.0/mf-manifest.json': manifest('registration'),
    'mf-manifest.json': manifest('shell'),
    'shell-contract.json': JSON.stringify({ release: 'r1', remotes: { registration: { exposes: ['./screens'] } } }),
  });
  write(build, { 'mf-manifest.json': manifest('registration'), 'remoteEntry.js': 'entry' });
  db = openDatabase(':memory:');
  const strength = createStrengthPool();
  const listening = await listenForApp((at) =>
    createApp({
      publicDir: site,
      db,
      flagsPath: '/nonexistent',
      captchaSecret: 'test',
      strength,
      site: { publicOrigin: at, allowedOrigins: [], trustedProxies: ['loopback'] },
      composePages: false,
      logRequests: false,
    }),
  );
  const { server } = listening;
  origin = listening.origin;
  lines.length = 0;
  driver = createRolloutDriver({ site: folderSite(site), target: folderTarget(site), state: sqliteState(db), intervalMs: 100, print: (line) => lines.push(line) });
  driver.start();
  close = async () => {
    await driver.stop();
    await new Promise((resolve) => server.close(resolve));
    await strength.close();
    db.close();
  };
});

afterEach(async () => {
  await close();
  rmSync(site, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
});

const release = async (...argv: string[]) => {
  const output: string[] = [];
  const code = await main(['release', 'registration', ...argv, '--target', site, '--server', origin, '--by', 'ana'], repoRoot, {}, (line) => output.push(line));
  return { code, output: output.join('\n') };
};
const registration = () => (JSON.parse(readFileSync(join(site, 'remotes.json'), 'utf8')) as Registry).remotes.registration!;

describe('a staged rollout driven by the server', () => {
  it('aborts a canary that fails for 30% of its visitors within seconds of its first failures, few visitors failed, live untouched', { timeout: 30_000 }, async () => {
    const started = await release('--from', build, '--version', '2.0.0', '--rollout', '5,25,50,100', '--step', '1s');
    expect(started.code, started.output).toBe(0);
    expect(started.output).toContain('registration: rollout stage 1 of 4 (5% of visitors)');
    expect(registration().canary).toMatchObject({ version: '2.0.0', percentage: 5 });

    const visitors = startVisitors({ origin, site, remote: 'registration', perSecond: 100, fails: (version, number) => version === '2.0.0' && oneIn(30)(number) });
    const aborted = await until(() => registration().canary === null, 20_000);
    const abortedAt = Date.now();
    const figures = await visitors.stop();

    expect(aborted, lines.join('\n')).toBe(true);
    expect(figures.canaryFailed).toBeLessThan(20);
    expect(abortedAt - (figures.firstFailureAt as number)).toBeLessThan(120_000);
    expect(registration()).toMatchObject({ live: '1.0.0', canary: null });
    const entry = registration().history.at(-1);
    expect(entry).toMatchObject({ action: 'rollback', from: '2.0.0', to: '1.0.0', by: 'rollout' });
    expect(entry?.why).toMatch(/^rollout aborted at stage 1 of 4 \(5%\): canary \d+ failed of \d+ loads .*worse than live/);
  });

  it('takes a healthy canary through every stage to live, each stage after its step time, with the figures in the history', { timeout: 60_000 }, async () => {
    await release('--from', build, '--version', '2.0.0', '--rollout', '5,25,50,100', '--step', '1s');
    // Both versions fail now and then, as real ones do: 1 visitor in 100.
    const visitors = startVisitors({ origin, site, remote: 'registration', perSecond: 100, fails: (_, number) => oneIn(1)(number) });
    const promoted = await until(() => registration().live === '2.0.0', 45_000);
    await visitors.stop();

    expect(promoted, lines.join('\n')).toBe(true);
    const moves = registration().history.filter(({ by }) => by === 'rollout');
    expect(moves.map(({ action, to }) => `${action} ${to}`)).toEqual(['canary 2.0.0 (25%)', 'canary 2.0.0 (50%)', 'promote 2.0.0']);
    for (const { why } of moves) expect(why).toMatch(/^rollout stage \d of 4 \(\d+%\) passed: canary \d+ failed of \d+ loads .*not worse than live$/);
    const times = registration().history.slice(-4).map(({ at }) => Date.parse(at));
    for (let index = 1; index < times.length; index += 1) expect((times[index] as number) - (times[index - 1] as number)).toBeGreaterThanOrEqual(1000);
  });

  it('stands still while paused, goes on when resumed, and shows its stage and figures', { timeout: 30_000 }, async () => {
    await release('--from', build, '--version', '2.0.0', '--rollout', '5,25,50,100', '--step', '1s');
    expect((await release('--pause')).output).toContain('paused by ana');
    const visitors = startVisitors({ origin, site, remote: 'registration', perSecond: 100, fails: () => false });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(registration().canary).toMatchObject({ percentage: 5 });

    const shown = await main(['releases', 'registration', '--target', site, '--server', origin], repoRoot, {}, (line) => lines.push(line));
    expect(shown).toBe(0);
    expect(lines.join('\n')).toMatch(/rollout {10}stage 1 of 4 \(5% of visitors\) since .*; paused by ana/);
    expect(lines.join('\n')).toMatch(/rollout figures {2}canary 0 failed of \d+ loads \(0\.0%\), live 0 failed of \d+ loads/);

    expect((await release('--resume')).code).toBe(0);
    expect(await until(() => (registration().canary?.percentage ?? 100) > 5, 10_000)).toBe(true);
    expect((await release('--abort')).code).toBe(0);
    await visitors.stop();
    expect(registration()).toMatchObject({ live: '1.0.0', canary: null });
    expect(registration().history.at(-1)).toMatchObject({ action: 'rollback', by: 'ana', why: 'rollout aborted by hand' });
  });
});
