import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderOf, LOCAL_S3_CREDENTIALS, startLocalS3, uploadFolder, type LocalS3 } from '../../../release/src/targets/local-s3.ts';
import { s3Bucket, s3Target } from '../../../release/src/targets/s3.ts';
import { startSiteMirror } from './site-mirror.ts';

/** A node's cache of the site, against a real S3-compatible server (s3rver) that the test starts. */
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

const registry = (login: string) => JSON.stringify({ remotes: { login: { live: login, lastKnownGood: '1.0.0', canary: null, history: [] } } });
const SITE = {
  'remotes.json': registry('1.0.0'),
  'release.json': '{"version":"r1"}',
  'index.html': '<html>r1</html>',
  'index.html.br': 'brotli',
  'mf-manifest.json': '{}',
  'server/index.mjs': 'export const release = "r1";',
  'server/1.aaaa.mjs': 'export {};',
  'static/css/shell.1.css': 'body{}',
  'static/js/shell.1.js': 'for browsers only',
  'remotes/login/1.0.0/mf-manifest.json': '{"v":1}',
  'remotes/login/1.0.0/remoteEntry.js': 'for browsers only',
  'remotes/login/1.0.0/server/remoteEntry.js': 'module.exports = 1',
  'remotes/login/1.0.0/static/css/login.css': '.a{}',
  'remotes/login/2.0.0/mf-manifest.json': '{"v":2}',
  'remotes/login/2.0.0/server/remoteEntry.js': 'module.exports = 2',
};

let sites = 0;
const deployedSite = async () => {
  const prefix = `site-${++sites}`;
  const bucket = s3Bucket({ endpoint: s3.endpoint, bucket: s3.bucket, prefix }, LOCAL_S3_CREDENTIALS);
  await uploadFolder(bucket, folderOf(SITE));
  return { bucket, target: s3Target({ endpoint: s3.endpoint, bucket: s3.bucket, prefix }, LOCAL_S3_CREDENTIALS) };
};

const within = async (ms: number, done: () => boolean) => {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - start;
};

describe('a node reading the site from a bucket', () => {
  it('holds what composing reads, and none of what only browsers load', async () => {
    const { bucket } = await deployedSite();
    const mirror = startSiteMirror({ bucket });
    try {
      await mirror.ready();
      const read = (file: string) => (existsSync(join(mirror.dir, file)) ? readFileSync(join(mirror.dir, file), 'utf8') : null);
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
      expect(mirror.status()).toMatchObject({ release: 'r1', reachable: true, error: null, source: expect.stringMatching(/^s3:\/\/site\//) as string });
    } finally {
      mirror.close();
    }
  });

  it('follows a move of a pointer and a shell release within 2 s, without a restart', async () => {
    const { bucket, target } = await deployedSite();
    const mirror = startSiteMirror({ bucket });
    try {
      await mirror.ready();
      await target.updateRegistry(() => registry('2.0.0'));
      const moved = await within(2000, () => readFileSync(join(mirror.dir, 'remotes.json'), 'utf8').includes('"live":"2.0.0"'));
      expect(moved).toBeLessThan(2000);
      // The version's code is in the cache before the registry that names it.
      expect(readFileSync(join(mirror.dir, 'remotes/login/2.0.0/server/remoteEntry.js'), 'utf8')).toBe('module.exports = 2');

      // A shell release: its files, then release.json last, as the release tooling deploys it.
      await uploadFolder(bucket, folderOf({ 'server/index.mjs': 'export const release = "r2";', 'server/2.bbbb.mjs': 'export {};', 'index.html': '<html>r2</html>' }));
      await uploadFolder(bucket, folderOf({ 'release.json': '{"version":"r2"}' }));
      await within(2000, () => mirror.status().release === 'r2');
      expect(readFileSync(join(mirror.dir, 'server/index.mjs'), 'utf8')).toBe('export const release = "r2";');
      expect(readFileSync(join(mirror.dir, 'index.html'), 'utf8')).toBe('<html>r2</html>');
      // A worker of the release before, still draining, finds its chunks.
      expect(existsSync(join(mirror.dir, 'server/1.aaaa.mjs'))).toBe(true);
    } finally {
      mirror.close();
    }
  });

  it('keeps the last registry it read while the store does not answer, and says so', async () => {
    const other = await startLocalS3();
    const bucket = s3Bucket({ endpoint: other.endpoint, bucket: other.bucket, prefix: 'site' }, LOCAL_S3_CREDENTIALS);
    await uploadFolder(bucket, folderOf({ 'remotes.json': registry('1.0.0'), 'release.json': '{"version":"r1"}' }));
    const mirror = startSiteMirror({ bucket, intervalMs: 200 });
    try {
      await mirror.ready();
      await other.close();
      await within(3000, () => !mirror.status().reachable);
      expect(mirror.status().error).toMatch(/s3:\/\/site\/site/);
      expect(readFileSync(join(mirror.dir, 'remotes.json'), 'utf8')).toBe(registry('1.0.0'));
    } finally {
      mirror.close();
    }
  });
});
