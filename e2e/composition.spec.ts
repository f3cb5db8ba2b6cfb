import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { countRowsIn } from './support/database.ts';
import { signInParent } from './support/layout.ts';
import { freePort, startReferenceServer } from './support/processes.ts';
import { ROUTE_SAMPLES } from './support/routes.ts';
import { DEMO, expectSignedInStandIn, logIn } from './support/signed-in.ts';

/** Pages whose first response holds a form as well as the heading: the ways in (a reset link is checked first). */
const FORMS = new Set(['/public/login', '/public/forgotten/ada@example.com', '/public/register/tutor']);

const headingIn = (html: string) => /<h1[^>]*>([^<]*)</.exec(html)?.[1];

test('the first response of every route already holds its screen: its heading, and the form of a way in', async ({ request }) => {
  for (const sample of ROUTE_SAMPLES) {
    const { path } = sample;
    const heading = 'composedHeading' in sample ? sample.composedHeading : sample.heading;
    const response = await request.get(path);
    const html = await response.text();
    expect(headingIn(html), path).toBe(heading.replace('’', '’'));
    if (FORMS.has(path)) expect(html, path).toMatch(/<form[^>]*aria-label="[^"]+"/);
    // The browser gets the versions and data the page was composed with, and needs no registry of its own.
    expect(html, path).toContain('id="entry-page-state"');
    // Painted first, run after: the page's scripts wait in a template until the first frame is on screen.
    const outsideTemplate = html.replace(/<template id="entry-after-paint">[\s\S]*?<\/template>/, '');
    expect(html, path).toMatch(/<template id="entry-after-paint">[^]*<script[^>]+src="[^"]+\/index\.[0-9a-f]+\.js"/);
    expect(outsideTemplate, path).not.toMatch(/<script[^>]+\bsrc=/);
  }
});

test('a signed-out page is composed once and kept for the next visitor; a signed-in one is composed for its visitor every time (ADR 026)', async ({ request, playwright, baseURL }) => {
  const timingOf = async (context: typeof request, path: string) => {
    const response = await context.get(path);
    const html = await response.text();
    return {
      timing: response.headers()['server-timing'] ?? 'composed',
      state: /id="entry-page-state"[^>]*>([^<]*)</.exec(html)?.[1] ?? '',
      nonce: /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1],
      scriptNonces: new Set([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => /\snonce="([^"]*)"/.exec(tag)?.[1])),
    };
  };
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const composed = await timingOf(stranger, '/public/privacy');
    const kept = await timingOf(stranger, '/public/privacy');
    expect(kept.timing).toBe('compose;desc="kept"');
    expect(JSON.parse(kept.state)).toMatchObject({ user: null });
    // A kept page is the same text, but every answer has its own nonce, on each of its scripts (ADR 012).
    expect(kept.nonce).not.toBe(composed.nonce);
    for (const { nonce, scriptNonces } of [composed, kept]) expect(scriptNonces).toEqual(new Set([nonce]));
    await signInParent(request, baseURL as string);
    for (let ask = 0; ask < 2; ask += 1) {
      const signedIn = await timingOf(request, '/public/privacy');
      expect(signedIn.timing).toBe('composed');
      expect(JSON.parse(signedIn.state).user).not.toBeNull();
    }
    // A page with data is never kept: a school's taster list may change.
    for (let ask = 0; ask < 2; ask += 1) expect((await timingOf(stranger, '/public/taster/oakwood')).timing).toBe('composed');
  } finally {
    await stranger.dispose();
  }
});

test('a route that needs data is composed with it', async ({ request }) => {
  const html = await (await request.get('/public/taster/oakwood')).text();
  expect(html).toContain('Oakwood School');
  const school = await (await request.get('/public/oakwood-entrance')).text();
  expect(school).toContain('Year 7 entrance assessment 2027');
});

test('TanStack Query reaches only the pages whose screens use it: a taster page preloads it, the login never fetches it', async ({ page, request }) => {
  // The shell build names the shared modules its start leaves out, with their files.
  const later = (await (await request.get('/public/shared-assets.json')).json()) as Record<string, string[]>;
  const queryFiles = later['@entry/query'] ?? [];
  expect(queryFiles.length).toBeGreaterThan(0);
  const taster = await (await request.get('/public/taster/oakwood')).text();
  for (const file of queryFiles) expect(taster).toContain(`href="/public/${file}"`);
  const login = await (await request.get('/public/login')).text();
  for (const file of queryFiles) expect(login).not.toContain(file);

  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await page.goto('/public/login');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  expect(fetched.filter((path) => queryFiles.some((file) => path.endsWith(file)))).toEqual([]);
});

/** The page state a composed page was sent with: the remotes as its browser is to load them. */
const remotesOf = (html: string) =>
  (
    JSON.parse(/<script type="application\/json" id="entry-page-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      remotes?: Record<string, { version: string; script?: string; direct?: string; directNeeds?: string[]; styles?: string[] }>;
    }
  ).remotes ?? {};

test('the server resolves the route’s remote: the browser starts it from its direct script, with no runtime and no manifest (ADR 024, 027, 028)', async ({ page, request }) => {
  const html = await (await request.get('/public/login')).text();
  const remotes = remotesOf(html);
  const login = remotes.login;
  const folder = `/public/remotes/login/${login?.version.replace(/\./g, '\\.')}`;
  expect(login?.script).toMatch(new RegExp(`${folder}/remoteEntry\\.js$`));
  expect(login?.direct).toMatch(new RegExp(`${folder}/direct/screens\\.js$`));
  // Its styles are in the page already.
  expect(login?.styles).toBeUndefined();
  expect(html).not.toMatch(/<link[^>]*mf-manifest\.json/);
  expect(html).not.toContain('/async/federation.');

  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await page.goto('/public/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  // One file of the remote's: its screens, as one script (issue 23). No entry, no manifest, no styles (they came in the page).
  expect(fetched.filter((path) => path.includes('/remotes/'))).toEqual([`/public/remotes/login/${login?.version}/direct/screens.js`]);
  // Nor the runtime's code: its chunk is fetched only when a remote loads through it.
  const runtimeChunk = (path: string) => /\/static\/js\/async\/federation\.[0-9a-f]+\.js$/.test(path);
  expect(fetched.filter(runtimeChunk)).toEqual([]);
});

test('the server resolves the other remotes too: a link to another remote’s screen brings its direct script and its stylesheet, and nothing of the runtime (ADR 030)', async ({ page, request }) => {
  const registration = remotesOf(await (await request.get('/public/login')).text()).registration;
  const folder = `/public/remotes/registration/${registration?.version}`;
  expect(new URL(registration?.script ?? 'http://x/').pathname).toBe(`${folder}/remoteEntry.js`);
  expect(new URL(registration?.direct ?? 'http://x/').pathname).toBe(`${folder}/direct/screens.js`);
  expect(registration?.styles?.map((style) => new URL(style).pathname)).toEqual([expect.stringMatching(new RegExp(`^${folder.replace(/\./g, '\\.')}/static/css/async/__federation_expose_screens\\.[0-9a-f]+\\.css$`))]);

  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await page.goto('/public/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.waitForLoadState('networkidle');
  const remoteFiles = fetched.filter((path) => path.includes('/remotes/registration/'));
  expect(remoteFiles).toEqual(expect.arrayContaining([`${folder}/direct/screens.js`, new URL(registration?.styles?.[0] ?? 'http://x/').pathname]));
  expect(remoteFiles.filter((path) => /mf-manifest\.json|remoteEntry\.js/.test(path))).toEqual([]);
  expect(fetched.filter((path) => /\/static\/js\/async\/federation\./.test(path))).toEqual([]);
  // The stylesheet applies: the browser has its rules.
  const applied = await page.evaluate((href) => [...document.styleSheets].some((sheet) => sheet.href === href && sheet.cssRules.length > 0), registration?.styles?.[0]);
  expect(applied).toBe(true);
});

test('a remote sharing a module the shell’s start leaves out starts from its direct script too: the shell loads that module first (ADR 028)', async ({ page, request }) => {
  const html = await (await request.get('/public/taster/oakwood')).text();
  const taster = remotesOf(html).taster;
  expect(taster?.direct).toMatch(/\/remotes\/taster\/[^/]+\/direct\/screens\.js$/);
  expect(taster?.directNeeds).toEqual(['@entry/query']);
  // The page preloads TanStack Query's chunk and the direct script, and nothing of the runtime's.
  expect(html.match(/<link rel="preload"[^>]*\/public\/static\/js\/async\/query\.[0-9a-f]+\.js"/g)).toHaveLength(1);
  expect(html).not.toContain('/async/federation.');

  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await page.goto('/public/taster/oakwood');
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((path) => path.includes('/remotes/'))).toEqual([`/public/remotes/taster/${taster?.version}/direct/screens.js`]);
  expect(fetched.filter((path) => /\/static\/js\/async\/federation\./.test(path))).toEqual([]);
  // The screens run: the next one comes from the router in the same document, with its data.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('link', { name: 'See the tests: Year 7 entry (11+)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a familiarisation test' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Maths warm-up' })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

/** The login page, once running, with the direct scripts `blocked` names refused; what it fetched, as it goes on. */
const loginWithDirectScriptsBlocked = async (page: Page, blocked: string) => {
  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await page.route(blocked, (route) => route.abort());
  await page.goto('/public/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  return fetched;
};

test('a direct script that does not load costs the visitor nothing: the same version comes through the runtime (ADR 027)', async ({ page }) => {
  const fetched = await loginWithDirectScriptsBlocked(page, '**/direct/screens.js');
  const version = remotesOf(await page.content()).login?.version;
  expect(fetched).toContain(`/public/remotes/login/${version}/remoteEntry.js`);
  await logIn(page, DEMO.parent);
  await expectSignedInStandIn(page, { name: DEMO.parent.name });
});

test('a link to another remote whose direct script does not load still opens its screen, styled, through the runtime (ADR 030)', async ({ page }) => {
  const fetched = await loginWithDirectScriptsBlocked(page, '**/remotes/registration/**/direct/screens.js');
  const registration = remotesOf(await page.content()).registration;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  expect(fetched).toContain(`/public/remotes/registration/${registration?.version}/remoteEntry.js`);
  // Its screens' stylesheet is in, and its rules apply.
  const stylesheet = new URL(registration?.styles?.[0] ?? 'http://x/').href;
  expect(await page.evaluate((href) => [...document.styleSheets].some((sheet) => sheet.href === href && sheet.cssRules.length > 0), stylesheet)).toBe(true);
  await page.getByRole('link', { name: 'Sign up as a parent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up as a parent' })).toBeVisible();
});

/**
 * Loads a page and tells whether the browser kept the server's HTML: the first heading parsed from
 * the response must be the one on screen once the app runs, and React must report no mismatch.
 */
const hydrate = async (page: Page, path: string) => {
  const mismatches: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) mismatches.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { serverHeading?: Element | null }).serverHeading = document.querySelector('h1');
    });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const kept = await page.evaluate(() => {
    const serverHeading = (window as unknown as { serverHeading?: Element | null }).serverHeading;
    return Boolean(serverHeading) && serverHeading === document.querySelector('h1') && document.contains(serverHeading ?? null);
  });
  return { kept, mismatches };
};

for (const path of ['/public/login', '/public/register/parent', '/public/taster/oakwood', '/public/oakwood-entrance', '/public/demo', '/public/privacy']) {
  test(`${path} hydrates the server's page without a mismatch`, async ({ page }) => {
    const { kept, mismatches } = await hydrate(page, path);
    expect(mismatches).toEqual([]);
    expect(kept).toBe(true);
  });
}

test('the not-found page, which waits for the flags (SPEC section 2), hydrates without a mismatch too', async ({ page }) => {
  const { mismatches } = await hydrate(page, '/public/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, this page is missing.' })).toBeVisible();
  expect(mismatches).toEqual([]);
});

test('the form the server rendered works once hydrated: a wrong password is refused in place', async ({ page }) => {
  await page.goto('/public/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('textbox', { name: 'Email or username' }).fill(`nobody-${Date.now()}@example.com`);
  await form.getByLabel(/^Password\*?$/).fill('not-the-password');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'and the password do not match' })).toBeVisible();
  // Nothing went through the address: the form was the app's, not the HTML's own.
  expect(page.url()).not.toContain('password');
});

test('a remote whose server build throws still gives a working page, and the failure is recorded', async ({ page }) => {
  // The built site, with the live login version's server build broken as a bad release would leave it.
  const folder = mkdtempSync(join(tmpdir(), 'entry-broken-ssr-'));
  const site = join(folder, 'public');
  cpSync(join(import.meta.dirname, '..', 'dist', 'public'), site, { recursive: true });
  const live = (JSON.parse(readFileSync(join(site, 'remotes.json'), 'utf8')) as { remotes: { login: { live: string } } }).remotes.login.live;
  writeFileSync(join(site, 'remotes', 'login', live, 'server', 'remoteEntry.js'), 'throw new Error("broken server build");\n');
  const port = await freePort();
  const databasePath = join(folder, 'broken.sqlite');
  const server = await startReferenceServer({ PORT: String(port), PUBLIC_DIR: site, DATABASE_PATH: databasePath });
  try {
    const origin = `http://localhost:${port}`;
    const response = await fetch(`${origin}/public/login`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="entry:composition" content="failed" />');
    expect(html).not.toContain('entry-page-state');
    expect(countRowsIn(databasePath, "SELECT count(*) AS n FROM composition_failures WHERE remote = 'login' AND version = ? AND reason = 'import'", live)).toBeGreaterThan(0);

    // The browser renders the page alone, as before server composition: the visitor can log in.
    await page.goto(`${origin}/public/login`);
    const form = page.getByRole('form', { name: 'Log in' });
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: 'Email or username' }).fill('parent@example.com');
    await form.getByLabel(/^Password\*?$/).fill('learning-together-42');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Alex Morgan' })).toBeVisible();
    // Other remotes' pages are still composed.
    expect(await (await fetch(`${origin}/public/register`)).text()).toContain('entry-page-state');
  } finally {
    await server.stop();
  }
});
