import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCAL_S3_CREDENTIALS, startLocalS3, uploadFolder, type LocalS3 } from '../release/src/targets/local-s3.ts';
import { s3Bucket, s3Target } from '../release/src/targets/s3.ts';
import { startReferenceServer } from './support/processes.ts';
import { serveFolder, type StaticHost } from './support/nginx.ts';
import { expectCleanUnderAxe } from './support/axe.ts';

/**
 * A composition node with no copy of the site (issue 26): the built site is in a real S3-compatible
 * store (s3rver) that the test starts, and the node reads it from there; a second node reads it over
 * plain HTTP from a static host (nginx) the test starts, as from a CDN (SITE_URL). Each node's temporary
 * folder (TMPDIR) is one of its own, which stays empty: the site's code is held and run from memory, and
 * no file of the site is written to the node's disk (ADR 020). Ports: E2E_PORT + 5, + 6 and + 7
 * (security.spec.ts takes + 3); nginx takes a free one.
 */
const base = Number(process.env.E2E_PORT ?? 3300);
const storePort = base + 5;
const nodePort = base + 6;
const nodeUrl = `http://localhost:${nodePort}`;
const httpNodePort = base + 7;

/** A node's own temporary folder, where nothing may be written. */
const nodeTmp = mkdtempSync(join(tmpdir(), 'store-node-tmp-'));
const httpNodeTmp = mkdtempSync(join(tmpdir(), 'store-node-http-tmp-'));

let store: LocalS3;
let node: { stop: () => Promise<void> };
let host: StaticHost | undefined;
let httpNode: { stop: () => Promise<void> } | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  store = await startLocalS3({ port: storePort });
  await uploadFolder(s3Bucket({ endpoint: store.endpoint, bucket: store.bucket, prefix: 'public' }, LOCAL_S3_CREDENTIALS), join(import.meta.dirname, '..', 'dist', 'public'));
  node = await startReferenceServer({
    TMPDIR: nodeTmp,
    PORT: String(nodePort),
    DATABASE_PATH: ':memory:',
    SITE_S3_ENDPOINT: store.endpoint,
    SITE_S3_BUCKET: store.bucket,
    SITE_S3_PREFIX: 'public',
    S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
  });
});

test.afterAll(async () => {
  await httpNode?.stop();
  await host?.stop();
  await node?.stop();
  await store?.close();
});

test('a node reading the site from the store composes the login, and the page comes alive from the store’s files', async ({ page, request }) => {
  const health = (await (await request.get(`${nodeUrl}/health`)).json()) as { site: { reachable: boolean; source: string } };
  expect(health.site).toMatchObject({ reachable: true, source: 's3://site/public' });

  const composed = await (await request.get(`${nodeUrl}/public/login`)).text();
  expect(composed).toContain('id="entry-page-state"');

  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${nodeUrl}/public/login`);
  const email = page.getByRole('textbox', { name: /email or username/i });
  await email.fill('ada');
  await expect(email).toHaveValue('ada');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectCleanUnderAxe(page);
  expect(failed).toEqual([]);
});

test('the node follows a move of a pointer in the store, without a restart', async ({ request }) => {
  const target = s3Target({ endpoint: store.endpoint, bucket: store.bucket, prefix: 'public' }, LOCAL_S3_CREDENTIALS);
  const remotes = JSON.parse((await target.read('remotes.json')) ?? '{}') as { remotes: Record<string, { live: string }> };
  const live = remotes.remotes.login!.live;
  // The live version's files under a second version id, then login's pointer moved to it.
  await uploadFolder(
    s3Bucket({ endpoint: store.endpoint, bucket: store.bucket, prefix: 'public/remotes/login/e2e-moved' }, LOCAL_S3_CREDENTIALS),
    join(import.meta.dirname, '..', 'dist', 'public', 'remotes', 'login', live),
  );
  await target.updateRegistry((text) => {
    const registry = JSON.parse(text ?? '{}') as { remotes: Record<string, { live: string }> };
    registry.remotes.login!.live = 'e2e-moved';
    return JSON.stringify(registry);
  });
  // Read within a second, then the version's code downloaded and its worker started: a few seconds on a busy machine.
  await expect.poll(async () => (await (await request.get(`${nodeUrl}/public/login`)).text()).includes('/public/remotes/login/e2e-moved/'), { timeout: 10_000 }).toBe(true);
});

test('the node composes a canary from memory, and goes on composing with the store stopped, with no file of the site on its disk', async ({ request }) => {
  const target = s3Target({ endpoint: store.endpoint, bucket: store.bucket, prefix: 'public' }, LOCAL_S3_CREDENTIALS);
  // The built live version's files under a version id of the canary's.
  const built = join(import.meta.dirname, '..', 'dist', 'public');
  const { remotes } = JSON.parse(readFileSync(join(built, 'remotes.json'), 'utf8')) as { remotes: Record<string, { live: string }> };
  await uploadFolder(
    s3Bucket({ endpoint: store.endpoint, bucket: store.bucket, prefix: 'public/remotes/login/e2e-canary' }, LOCAL_S3_CREDENTIALS),
    join(built, 'remotes', 'login', remotes.login!.live),
  );
  await target.updateRegistry((text) => {
    const registry = JSON.parse(text ?? '{}') as { remotes: Record<string, { canary: unknown }> };
    registry.remotes.login!.canary = { version: 'e2e-canary', percentage: 100 };
    return JSON.stringify(registry);
  });
  const composedLogin = async () => (await (await request.get(`${nodeUrl}/public/login`)).text()).match(/\/public\/remotes\/login\/([^/]+)\/remoteEntry\.js/)?.[1];
  await expect.poll(composedLogin, { timeout: 10_000 }).toBe('e2e-canary');

  await store.close();
  await expect.poll(async () => ((await (await request.get(`${nodeUrl}/health`)).json()) as { site: { reachable: boolean } }).site.reachable).toBe(false);
  // The store is gone: the shell's and the canary's code the node runs is what it holds in memory.
  const page = await request.get(`${nodeUrl}/public/login?after=store-stopped`);
  expect(await page.text()).toContain('id="entry-page-state"');
  expect(page.headers()['server-timing'] ?? '').not.toContain('failed');
  expect(readdirSync(nodeTmp, { recursive: true })).toEqual([]);
});

test('a node reading the site over plain HTTP (SITE_URL) downloads the listed server files and composes the login', async ({ request }) => {
  host = await serveFolder(join(import.meta.dirname, '..', 'dist'));
  httpNode = await startReferenceServer({ TMPDIR: httpNodeTmp, PORT: String(httpNodePort), DATABASE_PATH: ':memory:', SITE_URL: `${host.origin}/public` });
  const httpNodeUrl = `http://localhost:${httpNodePort}`;
  const health = (await (await request.get(`${httpNodeUrl}/health`)).json()) as { site: { reachable: boolean; source: string } };
  expect(health.site).toMatchObject({ reachable: true, source: `${host.origin}/public/` });
  const composed = await (await request.get(`${httpNodeUrl}/public/login`)).text();
  expect(composed).toContain('id="entry-page-state"');
  // The visitor's files come from the static host through the node.
  const stylesheet = /\/public\/static\/css\/[^"]+\.css/.exec(composed)?.[0];
  expect((await request.get(`${httpNodeUrl}${stylesheet}`)).status()).toBe(200);
  expect(readdirSync(httpNodeTmp, { recursive: true })).toEqual([]);
});

