import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import S3rver from 's3rver';
import { contentType, type S3Bucket } from './s3.ts';

/** s3rver's fixed account: it checks every request's signature against it. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type ObjectStore = { getMetadata(bucket: string, key: string): Promise<{ etag: string }> };

export type LocalS3 = { endpoint: string; bucket: string; close(): Promise<void> };

/**
 * A real S3-compatible server on loopback (s3rver from npm, objects on disk in a temporary folder) for
 * tests and the tier bench. s3rver 3.7 predates S3's conditional writes (2024): it stores a PUT whatever
 * its If-Match or If-None-Match says, and a read during a write of the same key can get half an object.
 * In front of it, writes of one key are taken one at a time (reads wait for them), and a conditional PUT
 * is refused with 412 PreconditionFailed as S3 refuses it, judged on the ETag s3rver itself stored, so
 * the release tooling's compare-and-swap runs against s3rver's storage. One gap stays: on Node 24 s3rver
 * cannot list past its first page of 1000 keys (its continuation token is DES-encrypted, which OpenSSL 3
 * no longer offers: 500 InternalError), so paging is tested on the in-memory stand-in (s3.test.ts).
 */
export const startLocalS3 = async ({ bucket = 'site', port = 0 }: { bucket?: string; port?: number } = {}): Promise<LocalS3> => {
  const directory = mkdtempSync(join(tmpdir(), 'local-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const { store } = s3rver as unknown as { store: ObjectStore };
  const handle = s3rver.callback();
  /** Per key: the writes in order, and the reads under way (s3rver writes an object's file, then its ETag, in place). */
  const locks = new Map<string, { writes: Promise<unknown>; reads: Set<Promise<unknown>> }>();

  const currentEtag = (path: string) => {
    const [name = '', ...key] = path.slice(1).split('/').map(decodeURIComponent);
    return store.getMetadata(name, key.join('/')).then(
      ({ etag }) => etag,
      () => null,
    );
  };
  /** Settles when the response is sent or its connection is gone, which may happen while it waits its turn. */
  const closed = new WeakMap<ServerResponse, Promise<unknown>>();
  const pass = (request: IncomingMessage, response: ServerResponse) => {
    if (!response.destroyed) handle(request, response);
    return closed.get(response);
  };
  const put = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    const ifMatch = request.headers['if-match'];
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifMatch !== undefined || ifNoneMatch !== undefined) {
      const etag = await currentEtag(path);
      if ((ifNoneMatch === '*' && etag !== null) || (ifMatch !== undefined && ifMatch !== etag)) {
        request.resume();
        response
          .writeHead(412, { 'Content-Type': 'application/xml' })
          .end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code></Error>');
        return;
      }
    }
    await pass(request, response);
  };

  // A write of a key waits for the reads and writes before it, a read for the writes before it: what
  // S3 promises (a reader gets the old object or the new one, whole), which s3rver's store alone does not.
  const server = createServer((request, response) => {
    closed.set(response, new Promise((resolve) => response.once('close', resolve)));
    const path = new URL(request.url ?? '/', 'http://s3').pathname;
    let lock = locks.get(path);
    if (!lock) locks.set(path, (lock = { writes: Promise.resolve(), reads: new Set() }));
    const held = lock;
    if (request.method === 'GET' || request.method === 'HEAD') {
      const read = held.writes.then(() => pass(request, response));
      held.reads.add(read);
      void read.finally(() => held.reads.delete(read));
      return;
    }
    const write = Promise.all([held.writes, ...held.reads]).then(() => (request.method === 'PUT' ? put(request, response, path) : pass(request, response)));
    held.writes = write.catch(() => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

/** Puts every file of a built site folder into the bucket under `prefix`, as a deployment would have it there. */
export const uploadFolder = async (store: S3Bucket, dir: string, skip: RegExp = /^prerendered\//) => {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => !skip.test(file) && statSync(join(dir, file)).isFile());
  const put = async (file: string) => {
    const key = store.keyOf(file.split(sep).join('/'));
    const response = await store.send('PUT', key, { headers: { 'Content-Type': contentType(file) }, body: readFileSync(join(dir, file)) });
    if (!response.ok) throw await store.failure('PUT', key, response);
    await response.body?.cancel();
  };
  for (let start = 0; start < files.length; start += 16) await Promise.all(files.slice(start, start + 16).map(put));
};

/** A new temporary folder holding the given files (paths with sub-folders), for tests to publish or upload. */
export const folderOf = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 's3-source-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
};
