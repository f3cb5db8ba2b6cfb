import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BASE_PATH, routeIdsOwnedBy, type RemoteName, type RouteId } from '@entry/routes';
import { SEED_CONFIGS, SEED_EXAMS, SEED_GROUPS, SEED_SCHOOLS } from '../exams/content.ts';
import type { StrengthPool } from '../public-user/strength-pool.ts';
import { createCompositionPool } from './composition-pool.ts';
import { versionSetOf } from './version-set.ts';

const school = SEED_SCHOOLS[0];
const group = SEED_GROUPS.find((candidate) => candidate.id_school_customer === school.id_school_customer)!;
const config = SEED_CONFIGS.find((candidate) => candidate.id_exam_group === group.id_exam_group)!;
const exam = SEED_EXAMS.find((candidate) => candidate.id_school_customer === school.id_school_customer)!;

/**
 * An address of every route, with the sample content every reference server has (its exams, tasters
 * and schools): what a release check composes for each route a remote owns. Secrets are made up: a page
 * that can hold one renders without asking for it.
 */
export const SAMPLE_PATHS: Record<RouteId, string> = {
  home: '/',
  login: '/login',
  forgotten: '/forgotten',
  resetStaff: '/reset/sample-reset-token/staff',
  reset: '/reset/sample-reset-token',
  magic: '/magic/SAMPLECODE',
  report: '/report',
  register: '/register',
  registerParent: '/register/parent',
  registerTutor: '/register/tutor',
  invitation: '/invitation',
  tasterRoot: `/taster/${school.taster_slug}`,
  tasterSelection: `/taster/${school.taster_slug}/selection/${group.id_exam_group}`,
  tasterTest: `/taster/${school.taster_slug}/test/${config.id_exam_config}`,
  assessments: `/assessments/${exam.exam_slug}`,
  schoolLanding: `/${exam.school_exam_slug}`,
  demo: '/demo',
  unsubscribe: '/unsubscribe/newsletter/1',
  browserSupport: '/browser-support',
  technicalRequirements: '/technical-requirements',
  privacy: '/privacy',
  terms: '/terms',
  help: '/help',
};

/** Where a check runs: no password is estimated while pages are composed, so no thread is started for it. */
const noStrength: StrengthPool = { estimate: async () => 'busy', close: async () => undefined };

const ORIGIN = 'http://release-check.invalid';

/** A page whose main region (where the route's screen goes) holds no text, or whose root holds nothing at all. */
export const rendersNothing = (document: string): boolean => {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/.exec(document);
  if (main) return main[1]!.replace(/<!--[\s\S]*?-->|<[^>]*>/g, '').trim() === '';
  return document.includes('<div id="root"></div>');
};

/**
 * The deployed site as the candidate would leave it, without touching it: a temporary folder whose
 * files are links to the deployment's, but for the remote's candidate version, linked from its build.
 */
const siteWith = (publicDir: string, remote: RemoteName, version: string, buildDir: string): string => {
  const site = mkdtempSync(join(tmpdir(), 'entry-release-check-'));
  for (const name of readdirSync(publicDir)) {
    if (name !== 'remotes') symlinkSync(join(publicDir, name), join(site, name));
  }
  mkdirSync(join(site, 'remotes', remote), { recursive: true });
  symlinkSync(resolve(buildDir), join(site, 'remotes', remote, version));
  return site;
};

/**
 * A reference server of the check's own, with an empty database but for the sample content, made on the
 * first call: most remotes' pages call nothing while they render, and the check is part of a command a
 * release manager waits for.
 */
const throwawayServices = (publicDir: string) => {
  let made: Promise<{ fetch: (request: Request) => Response | Promise<Response>; close: () => void }> | null = null;
  const make = async () => {
    const [{ createApp }, { openDatabase }] = await Promise.all([import('../app.ts'), import('../db/database.ts')]);
    const db = openDatabase(':memory:');
    const app = createApp({
      publicDir,
      db,
      flagsPath: join(import.meta.dirname, '..', '..', 'flags.json'),
      captchaSecret: 'release-check',
      site: { publicOrigin: ORIGIN, allowedOrigins: [], trustedProxies: [] },
      strength: noStrength,
      composePages: false,
      logRequests: false,
    });
    return { fetch: app.fetch, close: () => db.close() };
  };
  return {
    fetch: async (request: Request) => {
      const { pathname, search } = new URL(request.url);
      return (await (made ??= make())).fetch(new Request(new URL(`${pathname}${search}`, ORIGIN), request));
    },
    close: () => void made?.then(({ close }) => close()),
  };
};

export type CheckInput = {
  /** The deployed site (a folder): its shell's server build composes the pages. */
  publicDir: string;
  remote: RemoteName;
  version: string;
  /** The version's build folder (browser and server builds); the published one when it is already deployed. */
  buildDir: string;
  deadlineMs: number;
};

/** A page for static hosts as the shell's renderer composes it (release/src/prerender.ts writes it). */
export type StaticPageInput = { url: string; registry: unknown; site: { origin: string } };
export type StaticPage = { kind: 'page'; document: string } | { kind: 'redirect'; location: string } | { kind: 'skip'; reason: string };

const refuse = () => Promise.reject(new Error('a page written for a static host fetches nothing while it renders'));

/**
 * Composes every route `remote` owns with `version` (the build in `buildDir`), as the reference server
 * would, in a worker of its own under the deadline, with the sample content (SAMPLE_PATHS) and the
 * services of a throwaway reference server: the release commands refuse a version whose server build
 * fails to import, throws, hangs, runs out of memory or renders nothing (ADR 016). `failure` is null
 * when every page was composed, else what failed in one line, to follow the version's name. The worker
 * stays open for the version's pages for static hosts (`composeStatic`) until `close`. Only for a site
 * whose shell has a server build.
 */
export const openServerCheck = ({ publicDir, remote, version, buildDir, deadlineMs }: CheckInput) => {
  if (!existsSync(join(buildDir, 'server', 'remoteEntry.js'))) {
    return { failure: Promise.resolve('has no server build: build it with npm run build'), composeStatic: null, close: async () => undefined };
  }
  const site = siteWith(publicDir, remote, version, buildDir);
  // A release manager waits for the check: loading the code gets the page's deadline too.
  const pool = createCompositionPool({ siteFor: () => ({ kind: 'folder', dir: site }), deadlineMs, startDeadlineMs: deadlineMs, memoryMb: 256, maxPending: 64, restMs: 0 });
  const services = throwawayServices(site);
  const shellRelease = (JSON.parse(readFileSync(join(publicDir, 'release.json'), 'utf8')) as { version: string }).version;
  const set = versionSetOf(shellRelease, { remote, version });

  const failure = (async (): Promise<string | null> => {
    const deployed = JSON.parse(readFileSync(join(publicDir, 'remotes.json'), 'utf8')) as { remotes: Record<string, object> };
    // The registry as the move would leave it for this remote's visitors: the candidate live, no canary.
    const registry = { ...deployed, remotes: { ...deployed.remotes, [remote]: { ...deployed.remotes[remote], live: version, canary: null } } };
    for (const route of routeIdsOwnedBy(remote)) {
      const path = `${BASE_PATH}${SAMPLE_PATHS[route]}`;
      const outcome = await pool.compose(
        set,
        { url: `${ORIGIN}${path}`, visitorId: 'release-check', user: null, sessionEnded: false, visitor: { cookies: '', eu: false, country: null }, registry, site: { origin: ORIGIN } },
        services.fetch,
      );
      if (outcome.kind === 'failed') return `does not compose ${path} on the server (${outcome.reason}): ${outcome.message}`;
      if (outcome.kind === 'skip') return `does not compose ${path} on the server: ${outcome.reason}`;
      if (outcome.kind === 'refused') return `does not compose ${path} on the server: the worker was ${outcome.why}`;
      if (outcome.kind === 'page' && rendersNothing(outcome.document)) return `renders nothing on ${path}`;
    }
    return null;
  })();

  return {
    failure,
    /** A page for static hosts of this version's routes, composed by the check's worker, which already holds the code. */
    composeStatic: async ({ url, registry, site: origin }: StaticPageInput): Promise<StaticPage> => {
      const outcome = await pool.compose(
        set,
        { url, visitorId: 'prerendered', user: null, sessionEnded: false, registry, site: origin, prerendered: true },
        refuse,
      );
      // As the renderer would throw in the command's own thread: the pages stay as they were.
      if (outcome.kind === 'failed') throw new Error(outcome.message);
      if (outcome.kind === 'refused') throw new Error(`the server check's worker was ${outcome.why}`);
      return outcome.kind === 'page' ? { kind: 'page', document: outcome.document } : outcome;
    },
    close: async () => {
      await failure.catch(() => undefined);
      await pool.close();
      services.close();
      rmSync(site, { recursive: true, force: true });
    },
  };
};

export type ServerCheck = ReturnType<typeof openServerCheck>;
