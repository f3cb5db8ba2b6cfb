/**
 * `npm run shots [folder]`: a PNG of every screen, in both brands, at the phone widths of 320 and 390 px
 * signed out and signed in, and of the main screens at 1280 px, in one folder (default `shots/`) for
 * reviewers to look through. Runs against the built site (`npm run build`; the quest site is assembled
 * from it when missing or stale) on two reference servers of its own, with fresh demo databases, in the
 * system's Chromium when there is one. The servers take free ports, or `SHOTS_PORT` and the next one.
 * Names read `<brand>-<width>-<signed out|in>-<nn>-<screen>.png`, in the order a visitor meets them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { TERMS_VERSION } from '@entry/constants';
import { issueAccessCode, lastMailTo } from '../e2e/support/database.ts';
import { createApplicant, ENTRANCE_EXAM, invigilator } from '../e2e/support/exams.ts';
import { pageIsRunning } from '../e2e/support/running.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? join(root, 'shots'));
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const PHONE_WIDTHS = [320, 390] as const;
const WIDE = 1280;
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

/** Set once the run ends, when the servers are stopped on purpose. */
let stopping = false;

type Site = { brand: Brand; base: string; databasePath: string; server: ChildProcess };

/** A reference server in demo mode on a free port (or the one asked for), with a database of its own. */
const startSite = async (brand: Brand, index: number): Promise<Site> => {
  const port = process.env.SHOTS_PORT ? Number(process.env.SHOTS_PORT) + index : await freePort();
  const databasePath = join(mkdtempSync(join(tmpdir(), `entry-shots-${brand}-`)), 'shots.sqlite');
  const server = spawn('node', [join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_PATH: databasePath, DEMO_MODE: 'true', PUBLIC_DIR: SITES[brand] },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    process.stderr.write(chunk);
  });
  await new Promise<void>((ready, fail) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Reference server ready')) ready();
    });
    server.once('exit', (code, signal) => fail(new Error(`the ${brand} server stopped (${code ?? signal}):\n${log}`)));
  });
  // A server gone mid-run leaves every later walk refused: say when and how it went.
  server.once('exit', (code, signal) => {
    if (!stopping) console.error(`the ${brand} server stopped (${code ?? signal}); its last words:\n${log.slice(-2000)}`);
  });
  return { brand, base: `http://localhost:${port}`, databasePath, server };
};

/**
 * Photographs the page: the whole of it, or (`{ viewport: true }`) what the screen shows now, sticky
 * bars included, and an open dialog with the screen it covers (a whole-page picture stops its backdrop
 * at the screen's foot).
 */
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
  screen('taster-unknown', '/public/taster/unknown'),
  screen('route-error', '/public/unsubscribe/t/1'),
];

/** Issue 24, point 7: an empty form, then a wrong password, each in an error summary that stays. */
const loginErrors: Walk = async (page, shoot) => {
  await page.goto('/public/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('button', { name: 'Log in' }).click();
  await form.getByRole('heading', { name: 'There is a problem' }).waitFor();
  await shoot('login-empty-fields');
  await form.getByRole('textbox', { name: 'Email or username' }).fill(`nobody-${Date.now()}@example.com`);
  await form.getByLabel(/^Password\*?$/).fill('not-the-password');
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').filter({ hasText: 'and the password do not match' }).waitFor();
  await shoot('login-wrong-password');
};

/** Issue 24, point 10: a tutor of its own asks for a reset, follows the mailed link and lands on the login. */
const resetByMail: Walk = async (page, shoot, site) => {
  const email = `shots-tutor-${Date.now().toString(36)}@example.com`;
  const signUp = await page.request.post('/ms_accounts/users/public', {
    headers: { Origin: site.base, 'X-Requested-With': 'XMLHttpRequest' },
    data: { userType: 'tutor', email, password: 'ninety-nine red balloons', localeCode: 'en-gb', firstName: 'Ada', lastName: 'Lovelace', termsVersion: TERMS_VERSION, subjects: ['maths'] },
  });
  if (signUp.status() !== 201) throw new Error(`the tutor could not sign up: ${signUp.status()}`);
  // Signed up is signed in: the reset is asked for as someone who cannot log in.
  await page.context().clearCookies({ name: /session/ });
  await page.goto('/public/forgotten');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('status').filter({ hasText: 'is on its way' }).waitFor();
  let link: string | undefined;
  for (let tries = 0; tries < 50 && !link; tries += 1) {
    link = /\/public\/reset\/[\w-]+/.exec(lastMailTo(email, site.databasePath) ?? '')?.[0];
    if (!link) await page.waitForTimeout(100);
  }
  if (!link) throw new Error('no reset mail');
  await page.goto(link);
  await h1(page, 'Choose a new password');
  await shoot('reset');
  await page.getByLabel(/^New password\*?$/).fill('seven purple owls at midnight');
  await page.getByLabel(/^Repeat the new password\*?$/).fill('seven purple owls at midnight');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
  await shoot('reset-done');
};

/** Issue 24, point 11: each outcome of an access code under its own heading. */
const codeOutcomes: Walk = async (page, shoot, site) => {
  process.env.E2E_DATABASE_PATH = site.databasePath;
  const code = issueAccessCode('demo-applicant', 1001);
  await page.goto(`/public/magic/${code}`);
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  await page.context().clearCookies({ name: /session/i });
  await page.goto(`/public/magic/${code}`);
  await h1(page, 'This sign-in link has already been used or has expired');
  await shoot('magic-link-used');
  await page.goto('/public/report/NOSUCHCODE2');
  await page.getByRole('button', { name: 'Continue' }).click();
  await h1(page, 'We could not find a report for this access code');
  await shoot('report-code-unknown');
};

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
  await shoot('taster-submit-dialog', { viewport: true });
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
  await shoot('cookie-preferences', { viewport: true });
};

const WALKS: Record<'out' | 'in', Walk[]> = {
  out: [
    ...SIGNED_OUT_PAGES,
    loginErrors,
    forgottenSent,
    resetByMail,
    codeOutcomes,
    parentSignUp(''),
    parentSignUp('/en-us'),
    ...SHARED_PAGES,
    taster,
    assessment,
    cookieBanner,
  ],
  // Signed in, the ways in (login, sign-up) go on to the signed-in apps at `/`, which are not this site's.
  in: [...SHARED_PAGES, taster],
};

/** At 1280 px, the main screens only: the phone is where parents meet the site (issue 24). */
const WIDE_WALKS: Record<'out' | 'in', Walk[]> = {
  out: [screen('home', '/public/'), screen('login', '/public/login'), screen('register', '/public/register'), parentSignUp(''), taster, screen('not-found', '/public/no/such/page')],
  in: [screen('privacy', '/public/privacy')],
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
  for (const walk of (width === WIDE ? WIDE_WALKS : WALKS)[signed]) {
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
      // The whole page from its top: scrolled, the sticky top bar would be drawn over its middle.
      if (!viewport) await page.evaluate(() => window.scrollTo(0, 0));
      // Fonts and a remote's styles settle a moment after the heading; a dialog grows into place.
      await page.waitForTimeout(150);
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running'),
      );
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
const sites = await Promise.all((Object.keys(SITES) as Brand[]).map((brand, index) => startSite(brand, index)));
const browser = await chromium.launch({
  executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  let total = 0;
  for (const site of sites) {
    for (const width of [...PHONE_WIDTHS, WIDE]) {
      for (const signed of ['out', 'in'] as const) total += await run(browser, site, width, signed);
    }
  }
  console.log(`${total} screenshots in ${out}`);
} finally {
  await browser.close();
  stopping = true;
  for (const { server } of sites) server.kill();
}
