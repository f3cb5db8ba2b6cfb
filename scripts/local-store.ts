/**
 * A local object store holding the built site, for trying composition nodes that read the site from a
 * bucket (docs/deployment.md): starts s3rver on loopback, uploads dist/public (or the folder given)
 * under the prefix "public", and prints what a node needs. Runs until Ctrl-C.
 *
 *   node scripts/local-store.ts [port] [folder]
 */
import { resolve } from 'node:path';
import { LOCAL_S3_CREDENTIALS, startLocalS3, uploadFolder } from '../release/src/targets/local-s3.ts';
import { s3Bucket } from '../release/src/targets/s3.ts';

const port = Number(process.argv[2] ?? 4568);
const folder = resolve(import.meta.dirname, '..', process.argv[3] ?? 'dist/public');
const store = await startLocalS3({ port });
await uploadFolder(s3Bucket({ endpoint: store.endpoint, bucket: store.bucket, prefix: 'public' }, LOCAL_S3_CREDENTIALS), folder);
console.log(`${folder} is in s3://${store.bucket}/public at ${store.endpoint}. A node reading it:`);
console.log(
  `  SITE_S3_ENDPOINT=${store.endpoint} SITE_S3_BUCKET=${store.bucket} SITE_S3_PREFIX=public ` +
    `S3_ACCESS_KEY_ID=${LOCAL_S3_CREDENTIALS.accessKeyId} S3_SECRET_ACCESS_KEY=${LOCAL_S3_CREDENTIALS.secretAccessKey} npm run serve`,
);
const stop = () => void store.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
