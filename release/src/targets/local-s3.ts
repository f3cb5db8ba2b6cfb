import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed account: it checks every request's signature against it. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type ObjectStore = { getMetadata(bucket: string, key: string): Promise<{ etag: string }> };

export type LocalS3 = { endpoint: string; bucket: string; close(): Promise<void> };

/**
 * A real S3-compatible server on loopback (s3rver from npm, objects on disk in a temporary folder) for
 * tests and the tier bench. s3rver 3.7 predates S3's conditional writes (2024): it stores a PUT whatever
 * its If-Match or If-None-Match says. In front of it, conditional PUTs of one key are taken one at a time
 * and refused with 412 PreconditionFailed as S3 refuses them, judged on the ETag s3rver itself stored, so
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
  const queues = new Map<string, Promise<unknown>>();

  const currentEtag = (path: string) => {
    const [name = '', ...key] = path.slice(1).split('/').map(decodeURIComponent);
    return store.getMetadata(name, key.join('/')).then(
      ({ etag }) => etag,
      () => null,
    );
  };
  const refuse = (response: ServerResponse) =>
    response
      .writeHead(412, { 'Content-Type': 'application/xml' })
      .end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code></Error>');

  const conditionalPut = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    const etag = await currentEtag(path);
    const ifMatch = request.headers['if-match'];
    const ifNoneMatch = request.headers['if-none-match'];
    if ((ifNoneMatch === '*' && etag !== null) || (ifMatch !== undefined && ifMatch !== etag)) {
      request.resume();
      refuse(response);
      return;
    }
    const done = new Promise((resolve) => response.on('close', resolve));
    handle(request, response);
    await done;
  };

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://s3').pathname;
    const conditional = request.headers['if-match'] !== undefined || request.headers['if-none-match'] !== undefined;
    if (request.method !== 'PUT' || !conditional) {
      handle(request, response);
      return;
    }
    const next = (queues.get(path) ?? Promise.resolve()).then(() => conditionalPut(request, response, path));
    queues.set(path, next);
    void next.finally(() => {
      if (queues.get(path) === next) queues.delete(path);
    });
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
