/**
 * `npm run shots [folder]`: a PNG of every screen, in both brands, at 390 and 1280 px, signed out and
 * signed in, in one folder (default `shots/`) for reviewers to look through. Runs against the built
 * site (`npm run build`; the quest site is assembled from it when missing or stale) on two reference
 * servers of its own, with fresh demo databases, in the system's Chromium when there is one.
 * Names read `<brand>-<width>-<signed out|in>-<nn>-<screen>.png`, in the order a visitor meets them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createApplicant, ENTRANCE_EXAM, invigilator } from '../e2e/support/exams.ts';
import { pageIsRunning } from '../e2e/support/running.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? join(root, 'shots'));
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const WIDTHS = [390, 1280] as const;
const SITES = { atom: join(root, 'dist', 'public'), quest: join(root, 'dist', 'quest', 'public') } as const;
type Brand = keyof typeof SITES;
/** Each brand's own school, for its tasters. */
const TASTER_SCHOOL: Record<Brand, string> = { atom: 'oakwood', quest: 'riverside' };
const PARENT = { username: 'parent@example.com', password: 'learning-together-42' };

const releaseOf = (site: string) => (JSON.parse(readFileSync(join(site, 'release.json'), 'utf8')) as { version: string }).version;

if (!existsSync(join(SITES.atom, 'release.json'))) throw new Error('dist/public is missing: run `npm run build` first');
if (!existsSync(join(SITES.quest, 'release.json')) || releaseOf(SITES.quest) !== releaseOf(SITES.atom)) {
  execFileSync('node', [join(root, 'scripts', 'build-quest-site.ts')], { cwd: root, stdio: 'inherit' });
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

type Site = { brand: Brand; base: string; databasePath: string; server: ChildProcess };

/** A reference server in demo mode on a free port, with a database of its own. */
const startSite = async (brand: Brand): Promise<Site> => {
  const port = await freePort();
  const databasePath = join(mkdtempSync(join(tmpdir(), `entry-shots-${brand}-`)), 'shots.sqlite');
  const server = spawn('node', [join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_PATH: databasePath, DEMO_MODE: 'true', PUBLIC_DIR: SITES[brand] },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    let log = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Reference server ready')) ready();
    });
    server.once('exit', (code) => fail(new Error(`the ${brand} server stopped (${code}):\n${log}`)));
  });
  return { brand, base: `http://localhost:${port}`, databasePath, server };
};

/** Photographs the page: the whole of it, or (`{ viewport: true }`) what the screen shows now, sticky bars included. */
type Shoot = (name: string, options?: { viewport?: boolean }) => Promise<void>;
type Walk = (page: Page, shoot: Shoot, site: Site) => Promise<void>;

const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, name }).first().waitFor();

/** Opens a path and photographs the screen once its h1 is there. */
const screen =
  (name: string, path: string): Walk =>
  async (page, shoot) => {
    await page.goto(path);
    await h1(page);
    await shoot(name);
  };

const SIGNED_OUT_PAGES: Walk[] = [
  screen('home', '/public/'),
  screen('login', '/public/login'),
  screen('forgotten', '/public/forgotten'),
  screen('reset-link-invalid', '/public/reset/not-a-token'),
  screen('magic-link-refused', '/public/magic/NOTACODE1'),
  screen('report', '/public/report'),
  screen('register', '/public/register'),
  screen('register-en-us', '/public/register/en-us'),
  screen('register-tutor', '/public/register/tutor'),
  screen('register-tutor-en-us', '/public/register/tutor/en-us'),
];

const SHARED_PAGES: Walk[] = [
  screen('invitation', '/public/invitation?token=demo-tutor-invite'),
  async (page, shoot) => {
    await page.goto('/public/demo');
    await page.getByRole('radio', { name: '12' }).waitFor();
    await shoot('demo');
    await page.getByRole('radio', { name: '18' }).check();
    await page.getByRole('button', { name: 'Check my answer' }).click();
    await shoot('demo-feedback');
    await page.getByRole('button', { name: 'What a test adds' }).click();
    await shoot('demo-test');
  },
  screen('school-assessment', '/public/oakwood-entrance'),
  screen('browser-support', '/public/browser-support'),
  screen('technical-requirements', '/public/technical-requirements'),
  screen('privacy', '/public/privacy'),
  screen('terms', '/public/terms'),
  screen('help', '/public/help'),
  screen('unsubscribe', '/public/unsubscribe/newsletter/42'),
  screen('not-found', '/public/no/such/page'),
];

const forgottenSent: Walk = async (page, shoot) => {
  await page.goto('/public/login');
  await page.getByRole('textbox', { name: 'Email or username' }).fill('ada@example.com');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await h1(page, 'Reset your password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('status').filter({ hasText: 'is on its way' }).waitFor();
  await shoot('forgotten-sent');
};

const parentSignUp =
  (locale: '' | '/en-us'): Walk =>
  async (page, shoot) => {
    const suffix = locale ? '-en-us' : '';
    await page.goto(`/public/register/parent${locale}`);
    await h1(page, 'Sign up as a parent');
    await shoot(`parent-plan${suffix}`);
    await page.getByRole('radio', { name: /General learning/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Your first name' }).fill('Jane');
    await page.getByRole('textbox', { name: 'Your last name' }).fill('Doe');
    await page.getByRole('textbox', { name: 'Your email' }).fill(`parent-with-a-long-address-${Date.now()}@example.co.uk`);
    await page.getByLabel(/^Choose a password\*?$/).fill('ninety-nine red balloons');
    await shoot(`parent-account${suffix}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Child’s first name' }).fill('Maya');
    await page.getByRole('textbox', { name: 'Child’s last name' }).fill('Patel-Richardson');
    await page.getByRole('main').getByRole('combobox').selectOption({ index: 5 });
    await page.getByRole('textbox', { name: 'Child’s username' }).fill(`maya-${Date.now().toString(36)}`);
    await page.getByLabel(/^Child’s password\*?$/).fill('seventy-six trombones');
    await shoot(`parent-child${suffix}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'Check and confirm' }).waitFor();
    await shoot(`parent-confirm${suffix}`);
  };

const taster: Walk = async (page, shoot, { brand }) => {
  await page.goto(`/public/taster/${TASTER_SCHOOL[brand]}`);
  await h1(page, 'Try a taster test');
  await shoot('taster');
  await page.getByRole('link', { name: /^See the tests/ }).first().click();
  await h1(page, 'Choose a familiarisation test');
  await shoot('taster-tests');
  await page.getByRole('link', { name: /^Start: / }).first().click();
  await page.getByRole('button', { name: 'Start the test' }).waitFor();
  await shoot('taster-intro');
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.getByRole('heading', { level: 2, name: /^Question 1 of/ }).waitFor();
  await page.getByRole('radio').first().check();
  await shoot('taster-question');
  await page.mouse.wheel(0, 600);
  await shoot('taster-question-scrolled', { viewport: true });
  // On to the slider, unanswered, then answered.
  for (let step = 0; step < 8 && (await page.getByRole('slider').count()) === 0; step += 1) {
    await page.getByRole('button', { name: 'Next' }).click();
  }
  if ((await page.getByRole('slider').count()) > 0) {
    await shoot('taster-slider-unanswered');
    await page.getByRole('slider').press('ArrowRight');
    await page.getByRole('button', { name: /^Flag for review/ }).click();
    await shoot('taster-slider-answered-flagged');
  }
  await page.getByRole('button', { name: 'Finish test' }).first().click();
  await page.getByRole('alertdialog').waitFor();
  await shoot('taster-submit-dialog');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await page.getByRole('heading', { name: 'Your result' }).waitFor();
  await shoot('taster-result');
};

const assessment: Walk = async (page, shoot, site) => {
  process.env.E2E_DATABASE_PATH = site.databasePath;
  const applicant = createApplicant();
  const teacher = await invigilator(site.base);
  try {
    await page.goto(`/public/assessments/${ENTRANCE_EXAM}`);
    await h1(page, 'Your assessment');
    await shoot('assessment-sign-in');
    await page.getByRole('textbox', { name: 'Access code' }).fill(applicant.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('status').filter({ hasText: 'Please wait' }).waitFor();
    await shoot('assessment-waiting');
    const id = await teacher.sessionOf(applicant.id_user);
    await teacher.move(id, 'started');
    await page.getByRole('heading', { level: 2, name: /^Question 1 of/ }).waitFor();
    await page.getByRole('radio').first().check();
    await shoot('assessment-question');
    await page.mouse.wheel(0, 600);
    await shoot('assessment-question-scrolled', { viewport: true });
    await teacher.move(id, 'paused');
    await page.getByRole('status').filter({ hasText: 'paused' }).waitFor();
    await shoot('assessment-paused');
    await teacher.move(id, 'stopped');
    await page.getByRole('status').filter({ hasText: 'The assessment has ended' }).waitFor();
    await shoot('assessment-stopped');
  } finally {
    await teacher.dispose();
  }
};

const cookieBanner: Walk = async (page, shoot, { brand }) => {
  if (brand !== 'atom') return;
  await page.context().clearCookies({ name: 'GTMConsentCookie' });
  await page.goto('/public/login');
  await page.getByRole('region', { name: 'We use cookies' }).waitFor();
  await shoot('cookie-banner');
  await page.getByRole('button', { name: 'Preferences', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await shoot('cookie-preferences');
};

const WALKS: Record<'out' | 'in', Walk[]> = {
  out: [...SIGNED_OUT_PAGES, forgottenSent, parentSignUp(''), parentSignUp('/en-us'), ...SHARED_PAGES, taster, assessment, cookieBanner],
  // Signed in, the ways in (login, sign-up) go on to the signed-in apps at `/`, which are not this site's.
  in: [...SHARED_PAGES, taster],
};

const answeredCookies = (context: BrowserContext, base: string) =>
  context.addCookies([
    {
      name: 'GTMConsentCookie',
      value: encodeURIComponent(JSON.stringify({ necessary: true, analytics: false, advertisement: false, functionality: false })),
      url: base,
    },
  ]);

const run = async (browser: Browser, site: Site, width: number, signed: 'out' | 'in') => {
  let count = 0;
  for (const walk of WALKS[signed]) {
    const context = await browser.newContext({ baseURL: site.base, viewport: { width, height: width < 768 ? 844 : 800 } });
    await answeredCookies(context, site.base);
    if (signed === 'in') {
      const login = await context.request.post('/ms_accounts/auth/login', {
        headers: { Origin: site.base, 'X-Requested-With': 'XMLHttpRequest' },
        data: PARENT,
      });
      if (!login.ok()) throw new Error(`the parent could not sign in: ${login.status()}`);
    }
    const page = await context.newPage();
    // A composed page shows before its scripts run; a walk acts on it as a visitor would once it works.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(pageIsRunning, undefined, { timeout: 15_000 });
      return response;
    };
    const shoot: Shoot = async (name, { viewport = false } = {}) => {
      count += 1;
      // Fonts and a remote's styles settle a moment after the heading.
      await page.waitForTimeout(150);
      const file = `${site.brand}-${width}-signed-${signed}-${String(count).padStart(2, '0')}-${name}.png`;
      await page.screenshot({ path: join(out, file), fullPage: !viewport });
    };
    try {
      await walk(page, shoot, site);
    } catch (error) {
      // The other walks still run: a reviewer gets every screen that could be reached, and the failure.
      process.exitCode = 1;
      console.error(`${site.brand} ${width} signed ${signed}: a walk stopped (${(error as Error).message.split('\n')[0]})`);
    } finally {
      await context.close();
    }
  }
  return count;
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const sites = await Promise.all((Object.keys(SITES) as Brand[]).map(startSite));
const browser = await chromium.launch({
  executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  let total = 0;
  for (const site of sites) {
    for (const width of WIDTHS) {
      for (const signed of ['out', 'in'] as const) total += await run(browser, site, width, signed);
    }
  }
  console.log(`${total} screenshots in ${out}`);
} finally {
  await browser.close();
  for (const { server } of sites) server.kill();
}
