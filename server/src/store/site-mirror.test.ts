import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder, type StaticHost } from '../../../e2e/support/nginx.ts';
import { folderOf, LOCAL_S3_CREDENTIALS, startLocalS3, uploadFolder, type LocalS3 } from '../../../release/src/targets/local-s3.ts';
import { s3Bucket } from '../../../release/src/targets/s3.ts';
import { startSiteMirror } from './site-mirror.ts';
import { bucketSource, httpSource, type SiteSource } from './site-source.ts';

/**
 * What a node holds of the site in memory, against a real S3-compatible server (s3rver) and a real static host
 * (nginx, as a CDN in front of the store would be) that the test starts.
 */
let s3: LocalS3;
let host: StaticHost;
const hostRoot = folderOf({});
// nginx's workers run as another user than a test run as root.
chmodSync(hostRoot, 0o755);
beforeAll(async () => {
  [s3, host] = await Promise.all([startLocalS3(), serveFolder(hostRoot)]);
});
afterAll(async () => {
  await Promise.all([s3.close(), host.stop()]);
});

/** A registry after `moves` moves (each adds a history entry, as the release tooling's do). */
const registry = (login: string, moves = 0) =>
  JSON.stringify({ remotes: { login: { live: login, lastKnownGood: '1.0.0', canary: null, history: Array.from({ length: moves }, (_, move) => ({ move })) } } });
const listOf = (...files: string[]) => JSON.stringify({ files });
const SITE = {
  'remotes.json': registry('1.0.0'),
  'release.json': '{"version":"r1"}',
  'index.html': '<html>r1</html>',
  'index.html.br': 'brotli',
  'mf-manifest.json': '{}',
  'server/index.mjs': 'export const release = "r1";',
  'server/1.aaaa.mjs': 'export {};',
  'server/files.json': listOf('server/index.mjs', 'server/1.aaaa.mjs', 'static/css/shell.1.css'),
  'static/css/shell.1.css': 'body{}',
  'static/js/shell.1.js': 'for browsers only',
  'remotes/login/1.0.0/mf-manifest.json': '{"v":1}',
  'remotes/login/1.0.0/remoteEntry.js': 'for browsers only',
  'remotes/login/1.0.0/server/remoteEntry.js': 'module.exports = 1',
  'remotes/login/1.0.0/server/files.json': listOf('server/remoteEntry.js', 'static/css/login.css'),
  'remotes/login/1.0.0/static/css/login.css': '.a{}',
  'remotes/login/2.0.0/mf-manifest.json': '{"v":2}',
  'remotes/login/2.0.0/server/remoteEntry.js': 'module.exports = 2',
  'remotes/login/2.0.0/server/files.json': listOf('server/remoteEntry.js'),
};

type Deployed = { source: SiteSource; write: (files: Record<string, string>) => Promise<void> };

let sites = 0;
/** The site in a bucket, written as the release tooling writes it. */
const inBucket = async (files: Record<string, string> = SITE): Promise<Deployed> => {
  const bucket = s3Bucket({ endpoint: s3.endpoint, bucket: s3.bucket, prefix: `site-${++sites}` }, LOCAL_S3_CREDENTIALS);
  const write = (more: Record<string, string>) => uploadFolder(bucket, folderOf(more));
  await write(files);
  return { source: bucketSource(bucket), write };
};
/**
 * The site on a static host: each file renamed into place, as a sync to a CDN's origin does it. nginx's
 * ETag is the file's time in seconds and its size, so the moves below change a file's size too.
 */
const onStaticHost = async (files: Record<string, string> = SITE): Promise<Deployed> => {
  const folder = `site-${++sites}`;
  const write = async (more: Record<string, string>) => {
    for (const [file, text] of Object.entries(more)) {
      const path = join(hostRoot, folder, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(`${path}.next`, text);
      renameSync(`${path}.next`, path);
    }
  };
  await write(files);
  return { source: httpSource(`${host.origin}/${folder}`), write };
};

const within = async (ms: number, done: () => boolean) => {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
};

describe.each([
  ['a bucket (SITE_S3_BUCKET)', inBucket, /^s3:\/\/site\//],
  ['a static host (SITE_URL)', onStaticHost, /^http:\/\/127\.0\.0\.1:\d+\/site-/],
])('a node reading the site from %s', (_, deploy, description) => {
  it('holds what composing reads, and none of what only browsers load', async () => {
    const { source } = await deploy();
    const mirror = startSiteMirror({ source });
    try {
      await mirror.ready();
      const read = (file: string) => mirror.site.text(file);
      expect(read('remotes.json')).toBe(SITE['remotes.json']);
      expect(read('release.json')).toBe(SITE['release.json']);
      expect(read('server/index.mjs')).toBe(SITE['server/index.mjs']);
      expect(read('server/1.aaaa.mjs')).not.toBeNull();
      expect(read('static/css/shell.1.css')).toBe('body{}');
      expect(read('remotes/login/1.0.0/server/remoteEntry.js')).toBe('module.exports = 1');
      expect(read('remotes/login/1.0.0/static/css/login.css')).toBe('.a{}');
      expect([read('static/js/shell.1.js'), read('remotes/login/1.0.0/remoteEntry.js'), read('index.html.br')]).toEqual([null, null, null]);
      // A version no pointer names is not fetched until one does.
      expect(read('remotes/login/2.0.0/mf-manifest.json')).toBeNull();
      expect(mirror.status()).toMatchObject({ release: 'r1', reachable: true, error: null, source: expect.stringMatching(description) as string });
      expect(mirror.status().heldBytes).toBeGreaterThan(0);
      // A worker gets its version set's files: the shell release's and its one remote version's, nothing else.
      const worker = mirror.site.forWorker({ key: 'r1 login@1.0.0', shellRelease: 'r1', holds: { remote: 'login', version: '1.0.0' } });
      expect(worker.kind === 'memory' && [...worker.files.keys()].sort()).toEqual([
        'index.html',
        'mf-manifest.json',
        'remotes/login/1.0.0/mf-manifest.json',
        'remotes/login/1.0.0/server/remoteEntry.js',
        'remotes/login/1.0.0/static/css/login.css',
        'server/1.aaaa.mjs',
        'server/index.mjs',
        'static/css/shell.1.css',
      ]);
    } finally {
      mirror.close();
    }
  });

  it('follows a move of a pointer and a shell release within 2 s, without a restart, and starts its workers first', async () => {
    const { source, write } = await deploy();
    const mirror = startSiteMirror({ source });
    const told: { live: string; release: string; waitMs: number; registryInPlace: string }[] = [];
    mirror.beforeMove(async ({ registry: next, release }, waitMs) => {
      const live = (next as { remotes: { login: { live: string } } }).remotes.login.live;
      told.push({ live, release, waitMs, registryInPlace: mirror.site.text('remotes.json') ?? '' });
    });
    try {
      await mirror.ready();
      await write({ 'remotes.json': registry('2.0.0', 1) });
      const moved = await within(2000, () => mirror.site.text('remotes.json')?.includes('"live":"2.0.0"') ?? false);
      expect(moved).toBeLessThan(2000);
      // The version's code is held before the registry that names it, and the composer was told
      // of the move while the registry before it was still in force, with time left to start its workers.
      expect(mirror.site.text('remotes/login/2.0.0/server/remoteEntry.js')).toBe('module.exports = 2');
      expect(told).toEqual([{ live: '2.0.0', release: 'r1', waitMs: expect.any(Number) as number, registryInPlace: SITE['remotes.json'] }]);
      // Told with the time left of the 2 s, less the tick's wait and a first page's.
      expect(told[0]!.waitMs).toBeGreaterThan(500);

      // A shell release: its files, then release.json last, as the release tooling deploys it.
      await write({
        'server/index.mjs': 'export const release = "r2";',
        'server/2.bbbb.mjs': 'export {};',
        'server/files.json': listOf('server/index.mjs', 'server/2.bbbb.mjs'),
        'index.html': '<html>r2</html>',
      });
      await write({ 'release.json': '{"version":"r2.0"}' });
      await within(2000, () => mirror.status().release === 'r2.0');
      expect(mirror.site.text('server/index.mjs')).toBe('export const release = "r2";');
      expect(mirror.site.text('index.html')).toBe('<html>r2</html>');
      expect(told.at(-1)).toMatchObject({ live: '2.0.0', release: 'r2.0' });
      // The release before is dropped (a worker still draining holds its own copy); the new one's chunks are held.
      expect(mirror.site.text('server/1.aaaa.mjs')).toBeNull();
      expect(mirror.site.text('server/2.bbbb.mjs')).toBe('export {};');
      const before = mirror.site.forWorker({ key: 'r1 shell', shellRelease: 'r1', holds: null });
      expect(before.kind === 'memory' && before.files.size).toBe(0);
    } finally {
      mirror.close();
    }
  });
});

/** The site as a build before the file lists left it: login 1.0.0 has none. */
const withoutFileList = () => Object.fromEntries(Object.entries(SITE).filter(([file]) => file !== 'remotes/login/1.0.0/server/files.json'));

describe('a node reading the site', () => {
  it('lists a bucket for a server build made before the build wrote its file list', async () => {
    const older = withoutFileList();
    const { source } = await inBucket(older);
    const mirror = startSiteMirror({ source });
    try {
      await mirror.ready();
      expect(mirror.site.text('remotes/login/1.0.0/static/css/login.css')).toBe('.a{}');
    } finally {
      mirror.close();
    }
  });

  it('says which folder lacks its file list on a static host, which cannot be listed, and serves nothing half-loaded', async () => {
    const older = withoutFileList();
    const { source } = await onStaticHost(older);
    const mirror = startSiteMirror({ source, intervalMs: 100 });
    try {
      await within(3000, () => mirror.status().error !== null);
      expect(mirror.status().error).toMatch(/remotes\/login\/1\.0\.0\/ has no server\/files\.json/);
      expect(mirror.site.text('remotes.json')).toBeNull();
    } finally {
      mirror.close();
    }
  });

  it('keeps the last registry it read while the store does not answer, and says so', async () => {
    const other = await startLocalS3();
    const bucket = s3Bucket({ endpoint: other.endpoint, bucket: other.bucket, prefix: 'site' }, LOCAL_S3_CREDENTIALS);
    await uploadFolder(bucket, folderOf({ 'remotes.json': registry('1.0.0'), 'release.json': '{"version":"r1"}' }));
    const mirror = startSiteMirror({ source: bucketSource(bucket), intervalMs: 200 });
    try {
      await mirror.ready();
      await other.close();
      await within(3000, () => !mirror.status().reachable);
      expect(mirror.status().error).toMatch(/s3:\/\/site\/site/);
      expect(mirror.site.text('remotes.json')).toBe(registry('1.0.0'));
    } finally {
      mirror.close();
    }
  });
});
