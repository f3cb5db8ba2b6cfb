import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseError } from '../registry.ts';
import { folderOf, LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from './local-s3.ts';
import { s3Target } from './s3.ts';

/** The S3 target against a real S3-compatible server (s3rver, objects on disk), not the in-memory stand-in. */
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

let prefixes = 0;
/** Each test in its own prefix of the one bucket. */
const freshTarget = () => {
  const prefix = `test-${++prefixes}`;
  return { prefix, target: s3Target({ endpoint: s3.endpoint, bucket: s3.bucket, prefix }, LOCAL_S3_CREDENTIALS) };
};
const objectUrl = (key: string) => `${s3.endpoint}/${s3.bucket}/${key}`;
const BUILD = {
  'mf-manifest.json': '{"name":"login"}',
  'remoteEntry.js': 'var login;',
  'static/js/main.1a2b.js': 'console.log(1)',
  'static/image/photo (1).png': 'png',
  'server/remoteEntry.js': 'module.exports = {}',
};

describe('s3Target on a real S3-compatible server (s3rver)', () => {
  it('publishes a version that reads back file by file, and publishing it again is unchanged', async () => {
    const { target } = freshTarget();
    expect(await target.read('remotes.json')).toBeNull();
    expect(await target.publish('remotes/login/1.0.0', folderOf(BUILD))).toBe('published');
    for (const [file, content] of Object.entries(BUILD)) {
      expect(await target.read(`remotes/login/1.0.0/${file}`)).toBe(content);
    }
    expect(await target.publish('remotes/login/1.0.0', folderOf(BUILD))).toBe('unchanged');
  });

  it('never overwrites a published file: other files for the same version are refused', async () => {
    const { target } = freshTarget();
    await target.publish('remotes/login/1.0.0', folderOf(BUILD));
    const error = await target.publish('remotes/login/1.0.0', folderOf({ ...BUILD, 'remoteEntry.js': 'var other;' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseError);
    expect(await target.read('remotes/login/1.0.0/remoteEntry.js')).toBe('var login;');
  });

  it('lists the published versions of a remote and prunes one, leaving the rest', async () => {
    const { target } = freshTarget();
    await target.publish('remotes/login/1.0.0', folderOf(BUILD));
    await target.publish('remotes/login/2.0.0', folderOf({ ...BUILD, 'remoteEntry.js': 'var two;' }));
    await target.publish('remotes/registration/1.0.0', folderOf(BUILD));

    const listed = await target.listFolders('remotes/login');
    expect(listed.map(({ name }) => name).sort()).toEqual(['1.0.0', '2.0.0']);
    expect(listed.every(({ publishedAt }) => Math.abs(publishedAt.getTime() - Date.now()) < 60_000)).toBe(true);

    await target.remove('remotes/login/1.0.0');
    expect((await target.listFolders('remotes/login')).map(({ name }) => name)).toEqual(['2.0.0']);
    expect(await target.read('remotes/login/1.0.0/mf-manifest.json')).toBeNull();
    expect(await target.read('remotes/registration/1.0.0/mf-manifest.json')).toBe(BUILD['mf-manifest.json']);
  });

  it('loses none of many concurrent registry updates: each writes against the ETag it read', async () => {
    const { target, prefix } = freshTarget();
    const append = (entry: string) => (current: string | null) => JSON.stringify([...((current && (JSON.parse(current) as string[])) || []), entry]);
    const writers = ['a', 'b', 'c', 'd'].map((entry) =>
      s3Target({ endpoint: s3.endpoint, bucket: s3.bucket, prefix }, LOCAL_S3_CREDENTIALS).updateRegistry(append(entry)),
    );
    await Promise.all(writers);
    expect((JSON.parse((await target.read('remotes.json')) ?? '[]') as string[]).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a registry write against an ETag that is no longer current, and a create over an existing one', async () => {
    const { target, prefix } = freshTarget();
    await target.updateRegistry(() => '{"n":1}');
    const key = `${prefix}/remotes.json`;
    const { AwsClient } = await import('aws4fetch');
    const client = new AwsClient({ ...LOCAL_S3_CREDENTIALS, service: 's3', region: 'auto' });
    const put = (headers: Record<string, string>) => client.fetch(objectUrl(key), { method: 'PUT', body: '{"n":9}', headers });

    expect((await put({ 'If-None-Match': '*' })).status).toBe(412);
    expect((await put({ 'If-Match': '"not-the-etag"' })).status).toBe(412);
    const current = await client.fetch(objectUrl(key));
    const etag = current.headers.get('etag') ?? '';
    await current.body?.cancel();
    expect((await put({ 'If-Match': etag })).status).toBe(200);
    expect(await target.read('remotes.json')).toBe('{"n":9}');
    expect((await put({ 'If-Match': etag })).status).toBe(412);
  });

  it('answers a conditional GET on the registry with 304 until it changes', async () => {
    const { target, prefix } = freshTarget();
    await target.updateRegistry(() => '{"n":1}');
    const { AwsClient } = await import('aws4fetch');
    const client = new AwsClient({ ...LOCAL_S3_CREDENTIALS, service: 's3', region: 'auto' });
    const first = await client.fetch(objectUrl(`${prefix}/remotes.json`));
    const etag = first.headers.get('etag') ?? '';
    await first.body?.cancel();
    expect((await client.fetch(objectUrl(`${prefix}/remotes.json`), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    await target.updateRegistry(() => '{"n":2}');
    const changed = await client.fetch(objectUrl(`${prefix}/remotes.json`), { headers: { 'If-None-Match': etag } });
    expect([changed.status, await changed.text()]).toEqual([200, '{"n":2}']);
  });
});
