/**
 * A composition node's view of a site that lives in an object store or behind a CDN (issue 26): the
 * registry and the release are read from the store every half second with a conditional GET on their
 * ETags; the code that composes pages (the shell's server build, each remote version's server build,
 * manifest and the stylesheets put into pages) is downloaded into a cache folder, once for each release
 * and version id (immutable, never revalidated). The files of a server build are those its build listed
 * (SERVER_FILES); a bucket is listed for a build made before that list. The cache is never the source
 * of truth: a node starts with an empty one, and nothing else is on its disk. Everything else a visitor
 * asks for comes from the store (store-files.ts). The composer reads the cache folder as it reads a
 * deploy folder; before a move is put in place it is told, so it can start the new version sets' workers
 * while the old ones still serve (ADR 016).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { forEachLimited } from '../../../release/src/targets/s3.ts';
import { SERVER_FILES, type SiteSource } from './site-source.ts';

/** What composing reads from the shell's release, besides its server build and stylesheets. */
const SHELL_FILES = ['index.html', 'mf-manifest.json', 'shared-assets.json', 'shell-contract.json'];
/** What composing reads from a remote version besides its server build and stylesheets. */
const VERSION_FILES = ['mf-manifest.json'];
const CODE_FOLDERS = ['server', 'static/css'];
/** Copies for browsers and tools: composing never reads them. */
const NOT_FOR_COMPOSING = /\.(br|gz|map)$|\.LICENSE\.txt$/;
const REGISTRY = 'remotes.json';
const RELEASE = 'release.json';
const COMPLETE = '.complete';
/** A move is in force on every node within this of the command that made it returning (issue 26). */
const MOVE_WITHIN_MS = 2000;
/** Kept of that for the first page after the move, composed by a worker that is warm by then. */
const FIRST_PAGE_MS = 300;
export const DEFAULT_POLL_MS = 500;

/** Told of a move before it is in force, with how long it may take: the composer starts the new version sets' workers. */
export type BeforeMove = (next: { registry: unknown; release: string }, waitMs: number) => Promise<void>;

export type MirrorStatus = {
  source: string;
  /** The release this node composes with, and the last time it heard from the store. */
  release: string | null;
  checkedAt: string | null;
  /** False while the store does not answer: the node keeps serving the registry it read last. */
  reachable: boolean;
  error: string | null;
};

type Conditional = { status: 'same' } | { status: 'changed'; text: string; etag: string | null } | { status: 'missing' };

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);

/** Each remote version a visitor can be given now, or fall back to: live, canary and last known good. */
const versionsIn = (registry: unknown): { remote: string; version: string }[] => {
  const remotes = (registry as { remotes?: Record<string, { live?: unknown; lastKnownGood?: unknown; canary?: { version?: unknown } | null }> })?.remotes ?? {};
  return Object.entries(remotes).flatMap(([remote, record]) =>
    [...new Set([record?.live, record?.lastKnownGood, record?.canary?.version])]
      .filter((version): version is string => typeof version === 'string' && /^[\w.+-]+$/.test(version))
      .map((version) => ({ remote, version })),
  );
};

export const startSiteMirror = ({ source, cacheDir, intervalMs = DEFAULT_POLL_MS }: { source: SiteSource; cacheDir?: string; intervalMs?: number }) => {
  const dir = cacheDir ?? mkdtempSync(join(tmpdir(), 'entry-site-cache-'));
  mkdirSync(join(dir, 'remotes'), { recursive: true });
  const etags = { registry: null as string | null, release: null as string | null };
  const status: MirrorStatus = { source: source.description, release: null, checkedAt: null, reachable: false, error: null };
  let beforeMove: BeforeMove | null = null;

  const failure = async (path: string, response: Response) => {
    await response.body?.cancel();
    return new Error(`GET ${path} from ${source.description} answered ${response.status}`);
  };

  const conditionalGet = async (path: string, etag: string | null): Promise<Conditional> => {
    const response = await source.send('GET', path, etag ? { 'If-None-Match': etag } : {});
    if (response.status === 304) return { status: 'same' };
    if (response.status === 404) {
      await response.body?.cancel();
      return { status: 'missing' };
    }
    if (!response.ok) throw await failure(path, response);
    return { status: 'changed', text: await response.text(), etag: response.headers.get('etag') };
  };

  /** The files of a folder's server build and stylesheets: the build's list, or a bucket's listing for a build made before it. */
  const codeFiles = async (folder: string): Promise<string[]> => {
    const response = await source.send('GET', `${folder}${SERVER_FILES}`);
    if (response.ok) return ((await response.json()) as { files: string[] }).files;
    if (response.status !== 404) throw await failure(`${folder}${SERVER_FILES}`, response);
    await response.body?.cancel();
    const { list } = source;
    if (!list) throw new Error(`${source.description}${folder} has no ${SERVER_FILES}: build it again with this repository's build, or read it from the bucket (SITE_S3_BUCKET)`);
    return (await Promise.all(CODE_FOLDERS.map(async (sub) => (await list(`${folder}${sub}`)).map((path) => `${sub}/${path}`)))).flat();
  };

  /** Every file of a folder in the store that composing reads, into `into` (same relative paths). */
  const download = async (folder: string, files: string[], into: string) => {
    const wanted = [...files, ...(await codeFiles(folder))].filter((file) => !NOT_FOR_COMPOSING.test(file));
    await forEachLimited(wanted, async (file) => {
      const response = await source.send('GET', `${folder}${file}`);
      // The shell's optional files (a release before shared-assets.json) may be absent; a listed one may not.
      if (response.status === 404 && files.includes(file)) return void (await response.body?.cancel());
      if (!response.ok) throw await failure(`${folder}${file}`, response);
      mkdirSync(dirname(join(into, file)), { recursive: true });
      writeFileSync(join(into, file), Buffer.from(await response.arrayBuffer()));
    });
  };

  const staging = () => mkdtempSync(join(dir, '.staging-'));

  /** A remote version's code, downloaded once: a version folder is never overwritten in the store. */
  const mirrorVersion = async ({ remote, version }: { remote: string; version: string }) => {
    const target = join(dir, 'remotes', remote, version);
    if (existsSync(join(target, COMPLETE))) return;
    const into = staging();
    await download(`remotes/${remote}/${version}/`, VERSION_FILES, into);
    writeFileSync(join(into, COMPLETE), '');
    mkdirSync(dirname(target), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(into, target);
  };

  /**
   * The shell's release: its hashed chunks and stylesheets beside the ones of earlier releases (a
   * worker still draining may load one), then its entry and the files named per release, each renamed
   * into place.
   */
  const mirrorShell = async () => {
    const into = staging();
    await download('', SHELL_FILES, into);
    const moveIn = (file: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      renameSync(join(into, file), join(dir, file));
    };
    const files = readdirSync(into, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(into, file)).isFile());
    for (const file of files) if (file !== 'server/index.mjs' && !SHELL_FILES.includes(file)) moveIn(file);
    for (const file of ['server/index.mjs', ...SHELL_FILES]) if (existsSync(join(into, file))) moveIn(file);
    rmSync(into, { recursive: true, force: true });
  };

  const writeInPlace = (file: string, text: string) => {
    writeFileSync(join(dir, `.${file}.next`), text);
    renameSync(join(dir, `.${file}.next`), join(dir, file));
  };

  /** The registry and release in force on this node. */
  let inForce: { registry: unknown; release: string } | null = null;

  /**
   * One look at the store; a change is in this node's cache before the registry that names it, and the
   * composer is told of it, for as long as the move can wait and still be in force within MOVE_WITHIN_MS.
   */
  const check = async () => {
    const lookedAt = performance.now();
    const [registry, release] = await Promise.all([conditionalGet(REGISTRY, etags.registry), conditionalGet(RELEASE, etags.release)]);
    if (registry.status === 'missing' || release.status === 'missing') throw new Error(`${source.description} holds no deployed site (no ${REGISTRY} or ${RELEASE})`);
    if (registry.status === 'same' && release.status === 'same') return;
    const next = {
      registry: registry.status === 'changed' ? (JSON.parse(registry.text) as unknown) : inForce?.registry,
      release: release.status === 'changed' ? (JSON.parse(release.text) as { version: string }).version : (inForce?.release ?? ''),
    };
    if (registry.status === 'changed') await Promise.all(versionsIn(next.registry).map(mirrorVersion));
    if (release.status === 'changed' && next.release !== status.release) await mirrorShell();
    if (inForce && beforeMove) await beforeMove(next, Math.max(0, lookedAt - intervalMs + MOVE_WITHIN_MS - FIRST_PAGE_MS - performance.now()));
    if (registry.status === 'changed') writeInPlace(REGISTRY, registry.text);
    if (release.status === 'changed') writeInPlace(RELEASE, release.text);
    if (registry.status === 'changed') etags.registry = registry.etag;
    if (release.status === 'changed') etags.release = release.etag;
    status.release = next.release;
    inForce = next;
  };

  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= check()
      .then(() => {
        if (!status.reachable) console.log(`Reading the site from ${source.description}`);
        Object.assign(status, { reachable: true, error: null, checkedAt: new Date().toISOString() });
      })
      .catch((error: unknown) => {
        if (status.reachable || status.error === null) console.error(`Cannot read the site from ${source.description}; serving the last registry read: ${firstLine(error)}`);
        Object.assign(status, { reachable: false, error: firstLine(error) });
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);

  return {
    /** The cache folder the composer reads as a deploy folder. */
    dir,
    /** Resolves once the node holds a registry and a release to compose with. */
    ready: async (): Promise<void> => {
      while (!existsSync(join(dir, RELEASE))) {
        await tick();
        if (!existsSync(join(dir, RELEASE))) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    status: (): MirrorStatus => ({ ...status }),
    /** Tells `hook` of each move before it is in force. */
    beforeMove: (hook: BeforeMove) => {
      beforeMove = hook;
    },
    /** Stops reading the store; a cache folder this made is deleted. */
    close: () => {
      clearInterval(timer);
      if (!cacheDir) rmSync(dir, { recursive: true, force: true });
    },
  };
};
