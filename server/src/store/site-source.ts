/**
 * Where a composition node reads the site from (issue 26): a prefix of an S3-compatible bucket
 * (SITE_S3_BUCKET), or any HTTP(S) address the deployed site is served from (SITE_URL: a CDN, a static
 * host in front of the bucket). Both answer GETs by the site's relative paths, with the store's ETags
 * and 304s; only a bucket can list a folder, so the build writes a list of each server build's files
 * (SERVER_FILES) and a node reads that wherever it can.
 */
import type { S3Bucket } from '../../../release/src/targets/s3.ts';

/** Written by the build beside each server build (rsbuild.config.ts): the files composing reads, relative to the version's (or the shell's) folder. */
export const SERVER_FILES = 'server/files.json';

export type SiteSource = {
  /** For logs and /health: `s3://bucket/prefix` or the site's address. */
  readonly description: string;
  /** A request for a file of the site (a path relative to its root); throws only when the store cannot be reached. */
  send(method: 'GET' | 'HEAD', path: string, headers?: Record<string, string>): Promise<Response>;
  /** The files below a folder, where the store can list them (a bucket can, plain HTTP cannot). */
  list?: (folder: string) => Promise<string[]>;
};

/** A path inside the site: no empty, `.` or `..` segment (so never outside its root or prefix). */
export const isSitePath = (path: string): boolean => path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');

export const bucketSource = (bucket: S3Bucket): SiteSource => ({
  description: bucket.description,
  send: (method, path, headers = {}) => bucket.send(method, bucket.keyOf(path), { headers }),
  list: async (folder) => (await bucket.list(bucket.keyOf(folder))).map(({ path }) => path),
});

/** The site as any static host or CDN serves it: `siteUrl` is the address of the folder holding remotes.json. */
export const httpSource = (siteUrl: string, fetchImpl: typeof fetch = fetch): SiteSource => {
  const base = new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
  return {
    description: base.href,
    send: async (method, path, headers = {}) => {
      if (!isSitePath(path)) throw new Error(`"${path}" is not a path inside ${base.href}`);
      const url = new URL(path.split('/').map(encodeURIComponent).join('/'), base);
      try {
        // A redirect is the host's answer, passed on as it is: the node follows no address a store names.
        return await fetchImpl(url, { method, headers, redirect: 'manual' });
      } catch (error) {
        throw new Error(`${method} ${url.href}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
};
