import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AwsClient } from 'aws4fetch';
import { XMLParser } from 'fast-xml-parser';
import { ReleaseError } from '../registry.ts';
import { deployableFiles } from './files.ts';
import { REGISTRY_FILE, type DeployTarget } from './target.ts';

export type S3Options = { endpoint: string; bucket: string; region?: string; prefix?: string; pathStyle?: boolean };
type Credentials = { accessKeyId: string; secretAccessKey: string };
type Body = string | Uint8Array<ArrayBuffer>;

const MANIFEST = 'mf-manifest.json';
const CONCURRENCY = 8;
const REQUEST_ATTEMPTS = 3;
const REGISTRY_ATTEMPTS = 10;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.html': 'text/html; charset=utf-8',
};
export const contentType = (file: string) => CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
// Hashed chunks under static/ never change; the manifest and remoteEntry.js name them, so they must be revalidated.
const cacheControl = (file: string) => (file.startsWith('static/') ? 'public, max-age=31536000, immutable' : 'no-cache');

/** S3 signs each path segment RFC 3986-encoded; encodeURIComponent leaves !'()* alone. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (body: Body) => createHash('sha256').update(body).digest('hex');

/** Runs `work` on every item, CONCURRENCY at a time; after a failure no new item starts. */
export const forEachLimited = async <T>(items: readonly T[], work: (item: T) => Promise<unknown>) => {
  const queue = items.values();
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (const item of queue) {
      if (failure) return;
      await work(item).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failure) throw failure.error;
};

type ListPage = { Contents?: { Key: string; LastModified: string }[]; IsTruncated?: string; NextContinuationToken?: string };
/** ListObjectsV2 answers: keys stay text, and Contents is a list even when it holds one object. */
const listParser = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Contents' });

/** S3 error bodies are XML with a <Code>; the code is all we repeat, as other fields may echo the access key. */
const errorCode = async (response: Response) => /<Code>([^<]{1,100})<\/Code>/.exec(await response.text().catch(() => ''))?.[1];

/**
 * Signed requests to one prefix of an S3-compatible bucket: what the release tooling writes with and
 * what a composition node reads the site with (server/src/store).
 */
export const s3Bucket = (
  { endpoint, bucket, region = 'auto', prefix = '', pathStyle = true }: S3Options,
  credentials: Credentials,
  fetchImpl: typeof fetch = fetch,
) => {
  if (!/^https?:\/\/[^/]/.test(endpoint ?? '') || !bucket) {
    throw new ReleaseError('an s3 target needs "endpoint" (an http or https URL) and "bucket"');
  }
  const client = new AwsClient({ ...credentials, service: 's3', region });
  const trimmed = endpoint.replace(/\/+$/, '');
  const { protocol, host, pathname } = new URL(trimmed);
  const base = pathStyle
    ? `${trimmed}/${encodeSegment(bucket)}`
    : `${protocol}//${bucket}.${host}${pathname.replace(/\/+$/, '')}`;
  const prefixSegments = prefix.split('/').filter(Boolean);
  const description = `s3://${[bucket, ...prefixSegments].join('/')}`;

  const keyOf = (path: string) => {
    const segments = path.split('/');
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
      throw new ReleaseError(`"${path}" is not a path inside ${description}`);
    }
    return [...prefixSegments, ...segments];
  };

  /** Retries throttling and server errors unless `once`: a registry write may have landed before its 5xx. */
  const send = async (
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    key: string[],
    { headers = {}, body, once = false, query }: { headers?: Record<string, string>; body?: Body; once?: boolean; query?: URLSearchParams } = {},
  ) => {
    const url = `${base}/${key.map(encodeSegment).join('/')}${query ? `?${query}` : ''}`;
    for (let attempt = 1; ; attempt++) {
      const request = await client.sign(url, {
        method,
        headers: { ...headers, 'x-amz-content-sha256': sha256(body ?? '') },
        body,
      });
      let response: Response;
      try {
        response = await fetchImpl(request);
      } catch (error) {
        throw new Error(`S3 ${method} s3://${bucket}/${key.join('/')}: ${(error as Error).message}`, { cause: error });
      }
      const retryable = response.status >= 500 || response.status === 429 || response.status === 409;
      if (once || !retryable || attempt === REQUEST_ATTEMPTS) return response;
      await response.body?.cancel();
      await sleep(100 * 2 ** attempt * Math.random());
    }
  };

  const failure = async (method: string, key: string[], response: Response) => {
    const code = await errorCode(response);
    return new Error(`S3 ${method} s3://${bucket}/${key.join('/')} failed: ${response.status}${code ? ` ${code}` : ''}`);
  };

  const get = async (key: string[]): Promise<Response | null> => {
    const response = await send('GET', key);
    if (response.status === 404) return null;
    if (!response.ok) throw await failure('GET', key, response);
    return response;
  };

  /** Every object under a folder (ListObjectsV2, page by page): its path below the folder and when it was written. */
  const list = async (folder: string[]): Promise<{ path: string; lastModified: Date }[]> => {
    const prefix = `${folder.join('/')}/`;
    const objects: { path: string; lastModified: Date }[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) });
      const response = await send('GET', [], { query });
      if (!response.ok) throw await failure('LIST', folder, response);
      const { ListBucketResult: page } = listParser.parse(await response.text()) as { ListBucketResult?: ListPage };
      for (const { Key, LastModified } of page?.Contents ?? []) {
        objects.push({ path: Key.slice(prefix.length), lastModified: new Date(LastModified) });
      }
      token = page?.IsTruncated === 'true' ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  };

  const remove = async (key: string[]) => {
    const response = await send('DELETE', key);
    if (!response.ok && response.status !== 404) throw await failure('DELETE', key, response);
    await response.body?.cancel();
  };

  return { description, keyOf, send, failure, get, list, remove };
};

export type S3Bucket = ReturnType<typeof s3Bucket>;

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO). Objects are written with conditional
 * requests: If-None-Match: * so a version is never overwritten, If-Match on remotes.json's ETag so a
 * concurrent registry update makes this one re-read and re-apply rather than be lost.
 */
export const s3Target = (options: S3Options, credentials: Credentials, fetchImpl: typeof fetch = fetch): DeployTarget => {
  const { description, keyOf, send, failure, get, list, remove } = s3Bucket(options, credentials, fetchImpl);
  const { bucket } = options;
  return {
    description,

    async read(path) {
      return (await get(keyOf(path)))?.text() ?? null;
    },

    async publish(path, sourceDir) {
      const folder = keyOf(path);
      const files = deployableFiles(sourceDir);
      const local = (file: string) => readFileSync(join(sourceDir, file));
      const assertStored = async (file: string) => {
        const stored = await get([...folder, ...file.split('/')]);
        if (!stored || !Buffer.from(await stored.arrayBuffer()).equals(local(file))) {
          throw new ReleaseError(`${path} is already published with other files (${file} differs); a published version is never overwritten`);
        }
      };
      /** 'stored' when the object was there already with the same content. */
      const upload = async (file: string) => {
        const key = [...folder, ...file.split('/')];
        const response = await send('PUT', key, {
          headers: { 'Content-Type': contentType(file), 'Cache-Control': cacheControl(file), 'If-None-Match': '*' },
          body: local(file),
        });
        if (response.ok) return 'uploaded';
        if (response.status !== 412) throw await failure('PUT', key, response);
        await assertStored(file);
        return 'stored';
      };

      const manifest = await get([...folder, MANIFEST]);
      if (manifest) {
        await manifest.body?.cancel();
        await forEachLimited(files, assertStored);
        return 'unchanged';
      }
      // The release tool takes a version with a manifest as published, so the manifest goes last.
      await forEachLimited(
        files.filter((file) => file !== MANIFEST),
        upload,
      );
      if (!files.includes(MANIFEST)) return 'published';
      return (await upload(MANIFEST)) === 'stored' ? 'unchanged' : 'published';
    },

    async updateRegistry(change) {
      const key = keyOf(REGISTRY_FILE);
      for (let attempt = 1; attempt <= REGISTRY_ATTEMPTS; attempt++) {
        const stored = await get(key);
        const etag = stored?.headers.get('etag');
        if (stored && !etag) throw new Error(`S3 GET s3://${bucket}/${key.join('/')} returned no ETag`);
        const next = change((await stored?.text()) ?? null);
        const response = await send('PUT', key, {
          headers: {
            'Content-Type': 'application/json',
            'Cache-Control': 'no-cache',
            ...(etag ? { 'If-Match': etag } : { 'If-None-Match': '*' }),
          },
          body: next,
          once: true,
        });
        if (response.ok) return;
        // 412: another release wrote first; 409: AWS saw two conditional writes at once.
        if (response.status !== 412 && response.status !== 409) throw await failure('PUT', key, response);
        await response.body?.cancel();
        await sleep(10 + Math.random() * 20 * attempt);
      }
      throw new ReleaseError(`another release kept updating ${description}/${REGISTRY_FILE} first (${REGISTRY_ATTEMPTS} attempts); try again`);
    },

    async listFolders(path) {
      const folders = new Map<string, Date>();
      for (const { path: file, lastModified } of await list(keyOf(path))) {
        const [name = '', ...rest] = file.split('/');
        if (rest.length === 0) continue;
        // A version counts from its manifest, which a release uploads last.
        if (rest.join('/') === MANIFEST || !folders.has(name)) folders.set(name, lastModified);
      }
      return [...folders].map(([name, publishedAt]) => ({ name, publishedAt }));
    },

    async remove(path) {
      const folder = keyOf(path);
      const files = (await list(folder)).map(({ path: file }) => file);
      // The manifest first: without it no visitor and no release takes the rest for a version.
      if (files.includes(MANIFEST)) await remove([...folder, MANIFEST]);
      await forEachLimited(
        files.filter((file) => file !== MANIFEST),
        (file) => remove([...folder, ...file.split('/')]),
      );
    },
  };
};
