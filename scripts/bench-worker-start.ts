/**
 * How a composition worker starts from the deploy folder and from memory (issue 26, ADR 020). After
 * `npm run build`: each way, in a process of its own, it starts the worker of login's live version set
 * `BENCH_WORKER_STARTS` times one after the other (default 5) and times each start until the shell's and
 * the remote's code is loaded; then it starts every version set the deployment serves and reports the
 * process's resident memory against the same process before. From the folder, Node's compile cache is
 * on (the first start fills it); from memory, the site is read by a node's mirror from a local
 * S3-compatible store (s3rver), and nothing of it is on the disk. Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_S3_CREDENTIALS, startLocalS3, uploadFolder } from '../release/src/targets/local-s3.ts';
import { s3Bucket } from '../release/src/targets/s3.ts';
import { createCompositionPool } from '../server/src/ssr/composition-pool.ts';
import { folderSite, type DeployedSite } from '../server/src/ssr/deployed-site.ts';
import { activeVersionSets, readPointers, versionSetOf } from '../server/src/ssr/version-set.ts';
import { startSiteMirror } from '../server/src/store/site-mirror.ts';
import { bucketSource } from '../server/src/store/site-source.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'public');
if (!existsSync(join(built, 'remotes.json'))) throw new Error('build the site first: npm run build');
const STARTS = Number(process.env.BENCH_WORKER_STARTS ?? 5);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const measure = async (way: 'folder' | 'memory') => {
  let site: DeployedSite = folderSite(built);
  let close = async () => undefined as unknown;
  if (way === 'memory') {
    const store = await startLocalS3();
    const bucket = s3Bucket({ endpoint: store.endpoint, bucket: store.bucket, prefix: 'public' }, LOCAL_S3_CREDENTIALS);
    await uploadFolder(bucket, built);
    const mirror = startSiteMirror({ source: bucketSource(bucket) });
    await mirror.ready();
    site = mirror.site;
    close = async () => {
      mirror.close();
      await store.close();
    };
  }
  const release = (JSON.parse(readFileSync(join(built, 'release.json'), 'utf8')) as { version: string }).version;
  const pointers = readPointers(JSON.parse(readFileSync(join(built, 'remotes.json'), 'utf8')));
  const poolOf = () => createCompositionPool({ siteFor: (set) => site.forWorker(set), deadlineMs: 30_000, startDeadlineMs: 30_000, memoryMb: 256, maxPending: 8, restMs: 0 });
  const starts: number[] = [];
  for (let start = 0; start < STARTS; start += 1) {
    const pool = poolOf();
    const began = performance.now();
    const outcome = await pool.warm(versionSetOf(release, { remote: 'login', version: pointers.login.live }));
    if (outcome.kind !== 'skip') throw new Error(`the worker did not start: ${JSON.stringify(outcome)}`);
    starts.push(performance.now() - began);
    await pool.close();
  }
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const pool = poolOf();
  const sets = activeVersionSets(pointers, release);
  await Promise.all(sets.map((set) => pool.warm(set)));
  const rss = process.memoryUsage().rss - before;
  await pool.close();
  await close();
  return { starts, sets: sets.length, rss };
};

if (process.argv[2] === 'folder' || process.argv[2] === 'memory') {
  // The last line: the mirror says on standard output where it reads the site from.
  process.stdout.write(`\n${JSON.stringify(await measure(process.argv[2]))}`);
} else {
  console.log(`load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  for (const way of ['folder', 'memory'] as const) {
    const output = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), way], { encoding: 'utf8' });
    const { starts, sets, rss } = JSON.parse(output.trim().split('\n').at(-1)!) as Awaited<ReturnType<typeof measure>>;
    console.log(
      `from ${way.padEnd(6)}: a login worker starts in ${starts.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median(starts).toFixed(0)} ms); ` +
        `${sets} version sets' workers add ${mb(rss)} resident (${mb(rss / sets)} each)`,
    );
  }
  console.log(`load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
}
