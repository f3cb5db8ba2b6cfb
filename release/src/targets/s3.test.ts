import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseError } from '../registry.ts';
import { s3Target, type S3Options } from './s3.ts';

const CREDENTIALS = { accessKeyId: 'AKIDTEST', secretAccessKey: 'sEcReT-never-print-me' };
const BUCKET = 'site';

type StoredObject = { body: Buffer; etag: string; contentType: string | undefined; cacheControl: string | undefined; lastModified: Date };
type Logged = { method: string; key: string; status: number };

/** A bucket that keeps objects in memory and honours If-Match / If-None-Match: * the way S3 does. */
const objects = new Map<string, StoredObject>();
const log: Logged[] = [];
let failWith500 = false;

const handle = async (request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const [bucket, ...segments] = new URL(request.url ?? '/', 'http://s3').pathname.slice(1).split('/').map(decodeURIComponent);
  const key = segments.join('/');
  const reply = (status: number, headers: Record<string, string> = {}, payload?: Buffer | string) => {
    log.push({ method: request.method ?? '', key, status });
    response.writeHead(status, headers).end(payload);
  };
  const error = (status: number, code: string) =>
    reply(status, { 'Content-Type': 'application/xml' }, `<Error><Code>${code}</Code><AWSAccessKeyId>${CREDENTIALS.accessKeyId}</AWSAccessKeyId></Error>`);

  const hash = request.headers['x-amz-content-sha256'];
  if (
    !request.headers.authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${CREDENTIALS.accessKeyId}/`) ||
    hash !== createHash('sha256').update(body).digest('hex') ||
    bucket !== BUCKET
  ) {
    return error(403, 'AccessDenied');
  }
  if (failWith500) return error(500, 'InternalError');
  const stored = objects.get(key);
  const query = new URL(request.url ?? '/', 'http://s3').searchParams;
  if (request.method === 'GET' && key === '' && query.get('list-type') === '2') {
    // ListObjectsV2, two keys a page so that a test sees the continuation.
    const prefix = query.get('prefix') ?? '';
    const keys = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
    const start = Number(query.get('continuation-token') ?? 0);
    const page = keys.slice(start, start + 2);
    const truncated = start + 2 < keys.length;
    const contents = page
      .map((name) => `<Contents><Key>${name.replace(/&/g, '&amp;')}</Key><LastModified>${objects.get(name)?.lastModified.toISOString()}</LastModified></Contents>`)
      .join('');
    return reply(
      200,
      { 'Content-Type': 'application/xml' },
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${BUCKET}</Name><Prefix>${prefix}</Prefix>${contents}<IsTruncated>${truncated}</IsTruncated>${
        truncated ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''
      }</ListBucketResult>`,
    );
  }
  if (request.method === 'DELETE') {
    objects.delete(key);
    return reply(204);
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    if (!stored) return error(404, 'NoSuchKey');
    const headers = { ETag: stored.etag, 'Content-Type': stored.contentType ?? 'application/octet-stream' };
    return reply(200, headers, request.method === 'GET' ? stored.body : undefined);
  }
  if (request.method !== 'PUT') return error(405, 'MethodNotAllowed');
  const ifMatch = request.headers['if-match'];
  if ((request.headers['if-none-match'] === '*' && stored) || (ifMatch !== undefined && ifMatch !== stored?.etag)) {
    return error(412, 'PreconditionFailed');
  }
  const etag = `"${createHash('md5').update(body).digest('hex')}"`;
  objects.set(key, { body, etag, contentType: request.headers['content-type'], cacheControl: request.headers['cache-control'], lastModified: new Date() });
  reply(200, { ETag: etag });
};

const server = createServer((request, response) => void handle(request, response));
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  objects.clear();
  log.length = 0;
  failWith500 = false;
});

const target = (options: Partial<S3Options> = {}, fetchImpl?: typeof fetch) =>
  s3Target({ endpoint, bucket: BUCKET, prefix: 'prod', ...options }, CREDENTIALS, fetchImpl);

const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 's3-source-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
};

const BUILD = {
  'mf-manifest.json': '{"name":"login"}',
  'remoteEntry.js': 'var login;',
  'static/js/main.1a2b.js': 'console.log(1)',
  'static/js/main.1a2b.js.map': '{}',
  'static/css/main.3c4d.css': 'body{}',
  'static/svg/logo.svg': '<svg/>',
  'static/image/photo (1).png': 'png',
  'static/font/inter.woff2': 'woff2',
  'static/index.html': '<html></html>',
  'static/data.bin': 'bin',
};
const VERSION = 'remotes/login/1.2.0+build.7';

/** Every thrown message, checked for the secret after each test that collects one. */
const messageOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => expect.fail('expected a rejection'),
    (reason: unknown) => reason as Error,
  );
  const text = `${error.message} ${String(error.cause ?? '')}`;
  expect(text).not.toContain(CREDENTIALS.secretAccessKey);
  expect(text).not.toContain(CREDENTIALS.accessKeyId);
  return error;
};

describe('s3Target', () => {
  it('describes itself without secrets and reads a missing object as null', async () => {
    const s3 = target();
    expect(s3.description).toBe('s3://site/prod');
    expect(await s3.read('remotes.json')).toBeNull();
    expect(log).toEqual([{ method: 'GET', key: 'prod/remotes.json', status: 404 }]);
  });

  it('refuses a path that would leave the prefix', async () => {
    expect(await messageOf(target().read('../other/remotes.json'))).toBeInstanceOf(ReleaseError);
  });

  it('publishes every file with its content type and cache policy, the manifest last', async () => {
    expect(await target().publish(VERSION, folder(BUILD))).toBe('published');

    const puts = log.filter((entry) => entry.method === 'PUT');
    expect(puts.map((entry) => entry.key).sort()).toEqual(Object.keys(BUILD).map((file) => `prod/${VERSION}/${file}`).sort());
    expect(puts.at(-1)?.key).toBe(`prod/${VERSION}/mf-manifest.json`);
    const stored = (file: string) => objects.get(`prod/${VERSION}/${file}`);
    expect(stored('static/image/photo (1).png')?.body.toString()).toBe('png');
    expect(
      Object.fromEntries(Object.keys(BUILD).map((file) => [file, [stored(file)?.contentType, stored(file)?.cacheControl]])),
    ).toEqual({
      'mf-manifest.json': ['application/json', 'no-cache'],
      'remoteEntry.js': ['text/javascript; charset=utf-8', 'no-cache'],
      'static/js/main.1a2b.js': ['text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      'static/js/main.1a2b.js.map': ['application/json', 'public, max-age=31536000, immutable'],
      'static/css/main.3c4d.css': ['text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      'static/svg/logo.svg': ['image/svg+xml', 'public, max-age=31536000, immutable'],
      'static/image/photo (1).png': ['image/png', 'public, max-age=31536000, immutable'],
      'static/font/inter.woff2': ['font/woff2', 'public, max-age=31536000, immutable'],
      'static/index.html': ['text/html; charset=utf-8', 'public, max-age=31536000, immutable'],
      'static/data.bin': ['application/octet-stream', 'public, max-age=31536000, immutable'],
    });
    expect(await target().read(`${VERSION}/mf-manifest.json`)).toBe(BUILD['mf-manifest.json']);
  });

  it('publishing the same files again is unchanged and writes nothing', async () => {
    await target().publish(VERSION, folder(BUILD));
    log.length = 0;
    expect(await target().publish(VERSION, folder(BUILD))).toBe('unchanged');
    expect(log.filter((entry) => entry.method === 'PUT')).toEqual([]);
  });

  it('refuses other files for a published version and leaves it as it was', async () => {
    await target().publish(VERSION, folder(BUILD));
    const before = new Map(objects);
    const changed = folder({ ...BUILD, 'remoteEntry.js': 'var changed;', 'static/js/extra.js': 'new' });

    const error = await messageOf(target().publish(VERSION, changed));
    expect(error).toBeInstanceOf(ReleaseError);
    expect(error.message).toMatch(/already published with other files.*never overwritten/);
    expect(objects).toEqual(before);
  });

  it('completes a version an earlier release left without its manifest, but never replaces its files', async () => {
    const half = folder({ 'static/js/main.1a2b.js': BUILD['static/js/main.1a2b.js'] });
    await target().publish(VERSION, half);
    expect(await target().publish(VERSION, folder(BUILD))).toBe('published');

    const other = 'remotes/login/2.0.0';
    await target().publish(other, folder({ 'remoteEntry.js': 'var a;' }));
    expect(await messageOf(target().publish(other, folder({ ...BUILD, 'remoteEntry.js': 'var b;' })))).toBeInstanceOf(ReleaseError);
    expect(objects.has(`prod/${other}/mf-manifest.json`)).toBe(false);
  });

  it('lists published versions, page after page, dated by their manifest', async () => {
    await target().publish('remotes/login/1.0.0', folder(BUILD));
    await target().publish('remotes/login/2.0.0', folder({ ...BUILD, 'server/remoteEntry.js': 'ssr' }));
    await target().publish('remotes/registration/9.0.0', folder(BUILD));
    const manifest = objects.get('prod/remotes/login/1.0.0/mf-manifest.json');
    if (manifest) manifest.lastModified = new Date('2026-01-01T00:00:00Z');

    const folders = await target().listFolders('remotes/login');

    expect(folders.map(({ name }) => name).sort()).toEqual(['1.0.0', '2.0.0']);
    expect(folders.find(({ name }) => name === '1.0.0')?.publishedAt).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('deletes a version, manifest first, and nothing else', async () => {
    await target().publish('remotes/login/1.0.0', folder({ ...BUILD, 'server/remoteEntry.js': 'ssr' }));
    await target().publish('remotes/login/2.0.0', folder(BUILD));
    log.length = 0;

    await target().remove('remotes/login/1.0.0');

    const deletes = log.filter((entry) => entry.method === 'DELETE').map((entry) => entry.key);
    expect(deletes[0]).toBe('prod/remotes/login/1.0.0/mf-manifest.json');
    expect(deletes).toHaveLength(Object.keys(BUILD).length + 1);
    expect([...objects.keys()].filter((key) => key.includes('/1.0.0/'))).toEqual([]);
    expect([...objects.keys()].filter((key) => key.includes('/2.0.0/'))).toHaveLength(Object.keys(BUILD).length);
  });

  it('creates the registry, then updates it against its ETag', async () => {
    const s3 = target();
    await s3.updateRegistry((current) => {
      expect(current).toBeNull();
      return '{"n":1}';
    });
    await s3.updateRegistry((current) => JSON.stringify({ n: (JSON.parse(current ?? '') as { n: number }).n + 1 }));

    const registry = objects.get('prod/remotes.json');
    expect(registry?.body.toString()).toBe('{"n":2}');
    expect([registry?.contentType, registry?.cacheControl]).toEqual(['application/json', 'no-cache']);
  });

  it.each([
    ['when there is no registry yet', null],
    ['to an existing registry', '[]'],
  ])('loses neither of two concurrent updates %s', async (_, initial) => {
    if (initial !== null) await target().updateRegistry(() => initial);
    // Holds each registry read until both have one, so both start from the same version.
    const waiting: (() => void)[] = [];
    const together: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (input instanceof Request && input.method === 'GET' && waiting.length < 2) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 2) waiting.forEach((release) => release());
        });
      }
      return response;
    };
    const append = (entry: string) => (current: string | null) => JSON.stringify([...((current && JSON.parse(current)) || []), entry]);

    await Promise.all([target({}, together).updateRegistry(append('a')), target({}, together).updateRegistry(append('b'))]);

    expect((JSON.parse(objects.get('prod/remotes.json')?.body.toString() ?? '') as string[]).sort()).toEqual(['a', 'b']);
    expect(log.some((entry) => entry.method === 'PUT' && entry.status === 412)).toBe(true);
  });

  it('lets a refusal from the change through and writes nothing', async () => {
    const refusal = new ReleaseError('login 9.9.9 is not published');
    await expect(
      target().updateRegistry(() => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(objects.size).toBe(0);
  });

  it('gives up when another release keeps winning', async () => {
    const s3 = target();
    await s3.updateRegistry(() => '0');
    let writes = 0;
    const error = await messageOf(
      s3.updateRegistry((current) => {
        objects.set('prod/remotes.json', { ...objects.get('prod/remotes.json')!, etag: `"other-${++writes}"` });
        return `${current}+1`;
      }),
    );
    expect(error).toBeInstanceOf(ReleaseError);
    expect(error.message).toMatch(/another release kept updating/);
    expect(writes).toBe(10);
  });

  it('reports a server error with its status and code, after retrying', async () => {
    failWith500 = true;
    const error = await messageOf(target().read('remotes.json'));
    expect(error.message).toBe('S3 GET s3://site/prod/remotes.json failed: 500 InternalError');
    expect(log).toHaveLength(3);
  });

  it('reports rejected credentials without repeating them', async () => {
    const wrong = s3Target({ endpoint, bucket: BUCKET }, { ...CREDENTIALS, accessKeyId: 'OTHER' });
    const error = await messageOf(wrong.publish(VERSION, folder(BUILD)));
    expect(error.message).toMatch(/403 AccessDenied/);
  });

  it('addresses the bucket as a host name when pathStyle is false', async () => {
    const urls: string[] = [];
    const recording: typeof fetch = async (input) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response(null, { status: 404 });
    };
    await target({ endpoint: 'https://s3.eu-west-2.amazonaws.com/', pathStyle: false, region: 'eu-west-2' }, recording).read(
      'remotes/login/1.0.0+b/static/a b.js',
    );
    expect(urls).toEqual(['https://site.s3.eu-west-2.amazonaws.com/prod/remotes/login/1.0.0%2Bb/static/a%20b.js']);
  });

  it('needs an endpoint URL and a bucket', () => {
    expect(() => s3Target({ endpoint: 's3.example.com', bucket: BUCKET }, CREDENTIALS)).toThrow(ReleaseError);
    expect(() => s3Target({ endpoint, bucket: '' }, CREDENTIALS)).toThrow(ReleaseError);
  });
});
