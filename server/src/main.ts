import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { DEMO_ACCOUNTS, seedDemo, type SeedReport } from './accounts/seed.ts';
import { examSeedLines, seedExams } from './exams/seed.ts';
import { seedDemoInvite } from './registration/routes.ts';
import { createApp } from './app.ts';
import { s3Bucket, s3Target } from '../../release/src/targets/s3.ts';
import { folderTarget } from '../../release/src/targets/folder.ts';
import { ConfigError, readConfig, type SiteStoreConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createStrengthPool } from './public-user/strength-pool.ts';
import { createRolloutDriver } from './rollouts/rollout-driver.ts';
import { postgresState, sqliteState } from './shared-state/shared-state.ts';
import { folderSite } from './ssr/deployed-site.ts';
import { startSiteMirror } from './store/site-mirror.ts';
import { bucketSource, httpSource, type SiteSource } from './store/site-source.ts';
import type { DeployTarget } from '../../release/src/targets/target.ts';
import { storeFiles } from './store/store-files.ts';

/** How long a stopping server answers the requests it holds before it cuts their connections. */
const SHUTDOWN_DEADLINE_MS = 10_000;

const printDemo = ({ accessCode, reportCode }: SeedReport) => {
  console.log('Demo accounts (email or username / password):');
  for (const { email, username, password, base } of DEMO_ACCOUNTS) {
    console.log(`  ${base.padEnd(8)} ${(email ?? username).padEnd(22)} ${password}`);
  }
  console.log(`  applicant access code ${accessCode} (school 1001, valid 10 minutes, one use)`);
  console.log(`  report code ${reportCode}: /public/report/${reportCode} (valid 10 minutes, one use)`);
  console.log('  tutor invitation /public/invitation?token=demo-tutor-invite');
};

/** A node that reads the site from a bucket or an address: it serves once it holds a registry and a release to compose with. */
const openSiteStore = async (config: SiteStoreConfig) => {
  const bucket = (): { source: SiteSource; target?: DeployTarget } => {
    if (config.kind === 'http') return { source: httpSource(config.url) };
    const s3 = { endpoint: config.endpoint, bucket: config.bucket, prefix: config.prefix, region: config.region };
    return { source: bucketSource(s3Bucket(s3, config.credentials)), target: s3Target(s3, config.credentials) };
  };
  const { source, target } = bucket();
  const mirror = startSiteMirror({ source, intervalMs: config.pollMs });
  console.log(`Reading the site from ${source.description}; composing from memory, with no file of it on this disk`);
  await mirror.ready();
  return { mirror, files: storeFiles(source), target };
};

const start = async () => {
  // Relative paths are the repository's, whichever folder npm started us in.
  const config = readConfig(process.env, resolve(import.meta.dirname, '../..'));
  const db = openDatabase(config.databasePath);
  // Demo accounts with printed passwords belong to a try-out machine, never to production (DEMO_MODE).
  if (config.demoMode) {
    const demo = await seedDemo(db);
    printDemo(demo);
    seedDemoInvite(db);
    console.log(examSeedLines(seedExams(db), demo.accessCode).join('\n'));
  }
  const store = config.siteStore && (await openSiteStore(config.siteStore));
  const shared = config.sharedDatabaseUrl ? await postgresState(config.sharedDatabaseUrl) : undefined;
  const state = shared ?? sqliteState(db);
  const strength = createStrengthPool();
  // Rollouts move the pointers where the site is: this server's folder, or the bucket a node reads (its key must
  // write remotes.json); one node drives them (ADR 018). Over plain HTTP a node cannot move them.
  const target = !store ? folderTarget(config.publicDir) : store.target;
  const rollouts = target && createRolloutDriver({ site: store?.mirror.site ?? folderSite(config.publicDir), target, state, intervalMs: config.rolloutCheckMs });
  rollouts?.start();
  let closeApp = async (): Promise<void> => undefined;
  const app = createApp({
    closeWith: (close) => (closeApp = close),
    state: shared,
    publicDir: config.publicDir,
    siteStore: store && { site: store.mirror.site, files: store.files, status: store.mirror.status, beforeMove: store.mirror.beforeMove },
    db,
    flagsPath: config.flagsPath,
    captchaSecret: config.captchaSecret,
    site: config.site,
    strength,
    linkSecret: config.linkSecret,
    limits: { addressLimit: config.loginAddressLimit },
    google: config.google,
    recaptcha: config.recaptcha,
    countryHeader: config.countryHeader,
    releasesToken: config.releasesToken,
    loadShedding: { maxEventLoopDelayMs: config.overloadDelayMs },
    sharedPagesBytes: config.sharedPagesBytes,
  });
  // Node's own Request and Response: the server renderer's HTTP client (ky) calls the services
  // in-process and decorates their answers, which the adapter's lighter Response does not allow.
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, overrideGlobalObjects: false }, ({ port }) => {
    console.log(`Reference server ready on port ${port}: ${config.site.publicOrigin}/public`);
  });
  /**
   * SIGTERM (a deploy, a scale-down): no new connection is taken and idle keep-alive ones are closed, so
   * a load balancer sends the next requests elsewhere; the requests under way are answered, for
   * SHUTDOWN_DEADLINE_MS at most (open event streams are then cut); then the composition workers, the
   * rollout driver, the shared database and this node's database are closed.
   */
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log(`Stopping: answering the requests under way (${SHUTDOWN_DEADLINE_MS / 1000} s at most), taking no new ones`);
    store?.mirror.close();
    const deadline = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), SHUTDOWN_DEADLINE_MS);
    server.close(async () => {
      clearTimeout(deadline);
      await Promise.all([closeApp(), rollouts?.stop(), state.close(), strength.close()]);
      db.close();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

start().catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
});
