import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../release/src/cli.ts';
import type { Registry } from '../../../release/src/registry.ts';
import { folderOf, LOCAL_S3_CREDENTIALS, startLocalS3, uploadFolder, type LocalS3 } from '../../../release/src/targets/local-s3.ts';
import { s3Bucket, s3Target } from '../../../release/src/targets/s3.ts';
import { oneIn, startVisitors } from '../../../e2e/support/simulated-visitors.ts';
import { listenForApp } from '../accounts/test-server.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import { startLocalPostgres, type LocalPostgres } from '../shared-state/local-postgres.ts';
import { postgresState } from '../shared-state/shared-state.ts';
import { startSiteMirror } from '../store/site-mirror.ts';
import { bucketSource } from '../store/site-source.ts';
import { storeFiles } from '../store/store-files.ts';
import { createRolloutDriver } from './rollout-driver.ts';
import { manifest, until } from './test-support.ts';
import type { DeployedSite } from '../ssr/deployed-site.ts';

/**
 * A staged rollout on a tier (issue 26, ADR 018 and 020): two composition nodes reading one bucket
 * (s3rver) and sharing one PostgreSQL, both started by the test. Visitors reach both; every node counts
 * its page loads in the shared database, and exactly one node judges the rollout and moves the pointers.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let s3: LocalS3;
let postgres: LocalPostgres;
let releaseConfig: string;
const lines: string[] = [];
const closers: (() => Promise<unknown> | void)[] = [];
let nodes: { origin: string; site: DeployedSite }[];

const startNode = async (name: string) => {
  const store = { endpoint: s3.endpoint, bucket: s3.bucket, prefix: 'public' };
  const source = bucketSource(s3Bucket(store, LOCAL_S3_CREDENTIALS));
  const mirror = startSiteMirror({ source, intervalMs: 200 });
  await mirror.ready();
  const state = await postgresState(postgres.url);
  const db = openDatabase(':memory:');
  const strength = createStrengthPool();
  const { server, origin } = await listenForApp((origin) =>
    createApp({
      publicDir: '/nonexistent',
      siteStore: { site: mirror.site, files: storeFiles(source), status: mirror.status },
      state,
      db,
      flagsPath: '/nonexistent',
      captchaSecret: 'test',
      strength,
      site: { publicOrigin: origin, allowedOrigins: [], trustedProxies: ['loopback'] },
      composePages: false,
      logRequests: false,
    }),
  );
  const driver = createRolloutDriver({
    site: mirror.site,
    target: s3Target(store, LOCAL_S3_CREDENTIALS),
    state,
    intervalMs: 100,
    print: (line) => lines.push(`${name} ${line}`),
  });
  driver.start();
  closers.push(async () => {
    await driver.stop();
    mirror.close();
    await new Promise((resolve) => server.close(resolve));
    await Promise.all([strength.close(), state.close()]);
    db.close();
  });
  return { origin, site: mirror.site };
};

beforeAll(async () => {
  [s3, postgres] = await Promise.all([startLocalS3(), startLocalPostgres()]);
  const bucket = s3Bucket({ endpoint: s3.endpoint, bucket: s3.bucket, prefix: 'public' }, LOCAL_S3_CREDENTIALS);
  await uploadFolder(
    bucket,
    folderOf({
      'remotes.json': JSON.stringify({ remotes: { registration: { live: '1.0.0', lastKnownGood: null, canary: null, history: [] } } }),
      'release.json': '{"version":"r1"}',
      'remotes/registration/1.0.0/mf-manifest.json': manifest('registration'),
      'remotes/registration/1.0.0/server/files.json': '{"files":[]}',
      'mf-manifest.json': manifest('shell'),
      'server/files.json': '{"files":[]}',
      'shell-contract.json': JSON.stringify({ release: 'r1', remotes: { registration: { exposes: ['./screens'] } } }),
    }),
  );
  releaseConfig = join(mkdtempSync(join(tmpdir(), 'tier-release-')), 'release.config.json');
  writeFileSync(
    releaseConfig,
    JSON.stringify({ defaultEnvironment: 'tier', environments: { tier: { target: { type: 's3', endpoint: s3.endpoint, bucket: s3.bucket, prefix: 'public' } } } }),
  );
  nodes = await Promise.all([startNode('node-1'), startNode('node-2')]);
}, 60_000);

afterAll(async () => {
  for (const close of closers) await close();
  await Promise.all([postgres?.stop(), s3?.close()]);
});

const registration = (node = 0) => (JSON.parse(nodes[node]!.site.text('remotes.json') ?? '') as Registry).remotes.registration!;

describe('a staged rollout on composition nodes sharing PostgreSQL', () => {
  it("is judged on both nodes' visitors and moved by exactly one of them, to live", { timeout: 90_000 }, async () => {
    const build = folderOf({ 'mf-manifest.json': manifest('registration'), 'remoteEntry.js': 'entry', 'server/files.json': '{"files":[]}' });
    const output: string[] = [];
    const env = { RELEASE_CONFIG: releaseConfig, S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey };
    const code = await main(['release', 'registration', '--from', build, '--version', '2.0.0', '--rollout', '50,100', '--step', '1s', '--by', 'ana'], repoRoot, env, (line) => output.push(line));
    expect(code, output.join('\n')).toBe(0);
    expect(await until(() => registration(0).canary?.version === '2.0.0' && registration(1).canary?.version === '2.0.0', 5000)).toBe(true);

    // Half the visitors reach each node; each node alone sees too few loads for the rule (20 a side) at first.
    const visitors = nodes.map(({ origin, site }) => startVisitors({ origin, site, remote: 'registration', perSecond: 20, fails: (_, number) => oneIn(1)(number) }));
    const promoted = await until(() => registration(0).live === '2.0.0', 60_000);
    await Promise.all(visitors.map((running) => running.stop()));

    expect(promoted, lines.join('\n')).toBe(true);
    const moves = registration(0).history.filter(({ by }) => by === 'rollout');
    expect(moves.map(({ action, to }) => `${action} ${to}`)).toEqual(['promote 2.0.0']);
    // One node drove it: the other never judged nor tried a move.
    const movers = new Set(lines.map((line) => line.split(' ')[0]));
    expect(movers.size, lines.join('\n')).toBe(1);
    expect(lines.join('\n')).toMatch(/the canary 2\.0\.0 is live for everybody now/);
  });
});
