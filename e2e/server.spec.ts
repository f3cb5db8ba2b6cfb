import { expect, test } from './support/test.ts';

type Registry = { remotes: Record<string, { live: string }> };

test('the reference server sends the cache headers the deployment relies on', async ({ request }) => {
  const noCache = async (path: string, value = 'no-cache') =>
    expect((await request.get(path)).headers()['cache-control'], path).toBe(value);

  // A composed page may name who is signed in: the browser revalidates it, and no shared cache keeps it.
  await noCache('/public/', 'private, no-cache');
  await noCache('/public/taster/oakwood', 'private, no-cache');
  await noCache('/public/remotes.json');
  const { remotes } = (await (await request.get('/public/remotes.json')).json()) as Registry;
  const login = `/public/remotes/login/${remotes.login?.live}`;
  await noCache(`${login}/mf-manifest.json`);
  await noCache(`${login}/remoteEntry.js`);

  const html = await (await request.get('/public/')).text();
  const script = /src="(\/public\/static\/js\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  expect((await request.get(script as string)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
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
