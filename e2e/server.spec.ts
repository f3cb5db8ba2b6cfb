import { expect, test } from './support/test.ts';

type Registry = { remotes: Record<string, { live: string }> };

test('the reference server sends the cache headers the deployment relies on', async ({ request }) => {
  const cachedAs = async (path: string, value = 'no-cache') =>
    expect((await request.get(path)).headers()['cache-control'], path).toBe(value);

  // A composed page may name who is signed in: the browser revalidates it, and no shared cache keeps it.
  await cachedAs('/public/', 'private, no-cache');
  await cachedAs('/public/taster/oakwood', 'private, no-cache');
  await cachedAs('/public/remotes.json');
  const { remotes } = (await (await request.get('/public/remotes.json')).json()) as Registry;
  const login = `/public/remotes/login/${remotes.login?.live}`;
  // A version folder is never overwritten: a returning visitor does not revalidate its manifest or entry.
  await cachedAs(`${login}/mf-manifest.json`, 'public, max-age=31536000, immutable');
  await cachedAs(`${login}/remoteEntry.js`, 'public, max-age=31536000, immutable');
  const entry = await request.get(`${login}/remoteEntry.js`);
  expect((await request.head(`${login}/remoteEntry.js`)).headers().etag).toBe(entry.headers().etag);

  const html = await (await request.get('/public/')).text();
  const script = /src="(\/public\/static\/js\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  expect((await request.get(script as string)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('every script a composed page starts with begins with V8’s compile hint: a remote’s direct script, and the shell’s lazy chunk it needs', async ({ request }) => {
  const scriptsOf = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/(?:src|href)="(\/public\/[^"]+\.js)"/g)].flatMap(([, script]) => (script ? [script] : []));
  const login = await scriptsOf('/public/login');
  const taster = await scriptsOf('/public/taster/oakwood');
  expect(login.some((path) => path.endsWith('/direct/screens.js'))).toBe(true);
  expect(taster.some((path) => /\/static\/js\/async\/query\.[0-9a-f]+\.js$/.test(path))).toBe(true);
  expect(login.length).toBeGreaterThan(4);
  for (const path of new Set([...login, ...taster])) {
    expect((await (await request.get(path)).text()).split('\n', 1)[0], path).toBe('//# allFunctionsCalledOnLoad');
  }
});

test('a missing asset is a 404, never the page', async ({ request }) => {
  const response = await request.get('/public/static/js/missing.0000.js');
  expect(response.status()).toBe(404);
});

test('health and the latest release answer', async ({ request }) => {
  expect((await request.get('/health')).ok()).toBe(true);
  const release = (await (await request.get('/app-metadata/latest-release')).json()) as { version: string };
  expect(release.version).toMatch(/^\d{14}-\w+$/);
});
