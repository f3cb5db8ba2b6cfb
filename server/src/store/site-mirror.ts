/**
 * A composition node's view of a site that lives in an object store or behind a CDN (issue 26): the
 * registry and the release are read from the store every half second with a conditional GET on their
 * ETags; the code that composes pages (the shell's server build, each remote version's server build,
 * manifest and the stylesheets put into pages) is downloaded into memory, once for each release and
 * version id (immutable, never revalidated), and dropped once no registry or release in force names it.
 * The files of a server build are those its build listed (SERVER_FILES); a bucket is listed for a build
 * made before that list. Nothing of the site is written to the node's disk: the composer reads it as the
 * deployed site (`site`), and each composition worker gets the files of its version set in memory
 * (ADR 020). Everything else a visitor asks for comes from the store (store-files.ts). Before a move is
 * put in place the composer is told, so it can start the new version sets' workers while the old ones
 * still serve (ADR 016).
 */
import { forEachLimited } from '../../../release/src/targets/s3.ts';
import type { DeployedSite } from '../ssr/deployed-site.ts';
import { SERVER_FILES, type SiteSource } from './site-source.ts';

/** What composing reads from the shell's release, besides its server build and stylesheets. */
const SHELL_FILES = ['index.html', 'mf-manifest.json', 'shared-assets.json', 'shell-contract.json'];
/** What composing reads from a remote version besides its server build and stylesheets. */
const VERSION_FILES = ['mf-manifest.json'];
const CODE_FOLDERS = ['server', 'static/css'];
/** Copies for browsers and tools, and images a server build names but never reads: composing needs none. */
const NOT_FOR_COMPOSING = /\.(br|gz|map|png|jpe?g|gif|webp|avif|ico|woff2?)$|\.LICENSE\.txt$/;
const REGISTRY = 'remotes.json';
const RELEASE = 'release.json';
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
  /** How much of the site's code this node holds in memory (its disk holds none). */
  heldBytes: number;
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

/** The files of one shell release or remote version that composing reads, by path below its folder. */
type Held = Map<string, string>;

/** `remotes/<remote>/<version>/` of a path inside a version folder. */
const versionFolderOf = (path: string) => /^remotes\/[^/]+\/[^/]+\//.exec(path)?.[0];

export const startSiteMirror = ({ source, intervalMs = DEFAULT_POLL_MS }: { source: SiteSource; intervalMs?: number }) => {
  const etags = { registry: null as string | null, release: null as string | null };
  const status: MirrorStatus = { source: source.description, release: null, checkedAt: null, reachable: false, heldBytes: 0, error: null };
  let beforeMove: BeforeMove | null = null;
  /** Each shell release's files, by release id; each remote version's, by its folder. */
  const shells = new Map<string, Held>();
  const versions = new Map<string, Held>();

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

  /** Every file of a folder in the store that composing reads, into memory (by the same relative paths). */
  const download = async (folder: string, files: string[]): Promise<Held> => {
    const wanted = [...files, ...(await codeFiles(folder))].filter((file) => !NOT_FOR_COMPOSING.test(file));
    const held: Held = new Map();
    await forEachLimited(wanted, async (file) => {
      const response = await source.send('GET', `${folder}${file}`);
      // The shell's optional files (a release before shared-assets.json) may be absent; a listed one may not.
      if (response.status === 404 && files.includes(file)) return void (await response.body?.cancel());
      if (!response.ok) throw await failure(`${folder}${file}`, response);
      held.set(file, await response.text());
    });
    return held;
  };

  /** A remote version's code, downloaded once: a version folder is never overwritten in the store. */
  const mirrorVersion = async ({ remote, version }: { remote: string; version: string }) => {
    const folder = `remotes/${remote}/${version}/`;
    if (!versions.has(folder)) versions.set(folder, await download(folder, VERSION_FILES));
  };

  /** A shell release's code, downloaded once: its files are named by their content, its entry by the release. */
  const mirrorShell = async (release: string) => {
    if (!shells.has(release)) shells.set(release, await download('', SHELL_FILES));
  };

  /** The registry and release in force on this node; `stamp` changes with each move put in place. */
  let inForce: { registry: unknown; registryText: string; release: string; releaseText: string; stamp: number } | null = null;

  /** Drops what no registry or release in force names: a worker holds its own copy of its version set. */
  const prune = () => {
    if (!inForce) return;
    const named = new Set(versionsIn(inForce.registry).map(({ remote, version }) => `remotes/${remote}/${version}/`));
    for (const folder of versions.keys()) if (!named.has(folder)) versions.delete(folder);
    for (const release of shells.keys()) if (release !== inForce.release) shells.delete(release);
    const bytes = (held: Held) => [...held.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    status.heldBytes = [...shells.values(), ...versions.values()].reduce((sum, held) => sum + bytes(held), 0);
  };

  /**
   * One look at the store; a change is in this node's memory before the registry that names it, and the
   * composer is told of it, for as long as the move can wait and still be in force within MOVE_WITHIN_MS.
   */
  const check = async () => {
    const lookedAt = performance.now();
    const [registry, release] = await Promise.all([conditionalGet(REGISTRY, etags.registry), conditionalGet(RELEASE, etags.release)]);
    if (registry.status === 'missing' || release.status === 'missing') throw new Error(`${source.description} holds no deployed site (no ${REGISTRY} or ${RELEASE})`);
    if (registry.status === 'same' && release.status === 'same') return;
    const next = {
      registry: registry.status === 'changed' ? (JSON.parse(registry.text) as unknown) : inForce?.registry,
      registryText: registry.status === 'changed' ? registry.text : (inForce?.registryText ?? ''),
      release: release.status === 'changed' ? (JSON.parse(release.text) as { version: string }).version : (inForce?.release ?? ''),
      releaseText: release.status === 'changed' ? release.text : (inForce?.releaseText ?? ''),
    };
    if (registry.status === 'changed') await Promise.all(versionsIn(next.registry).map(mirrorVersion));
    if (release.status === 'changed') await mirrorShell(next.release);
    if (inForce && beforeMove) await beforeMove(next, Math.max(0, lookedAt - intervalMs + MOVE_WITHIN_MS - FIRST_PAGE_MS - performance.now()));
    if (registry.status === 'changed') etags.registry = registry.etag;
    if (release.status === 'changed') etags.release = release.etag;
    status.release = next.release;
    inForce = { ...next, stamp: (inForce?.stamp ?? 0) + 1 };
    prune();
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

  /** A file of the site as this node holds it: the registry and release in force, the shell release's and each version's code. */
  const held = (path: string): string | undefined => {
    if (!inForce) return undefined;
    if (path === REGISTRY) return inForce.registryText;
    if (path === RELEASE) return inForce.releaseText;
    const folder = versionFolderOf(path);
    return folder ? versions.get(folder)?.get(path.slice(folder.length)) : shells.get(inForce.release)?.get(path);
  };

  const site: DeployedSite = {
    text: (path) => held(path) ?? null,
    stamp: (path) => (held(path) === undefined ? null : String(inForce?.stamp)),
    isFile: (relativePath) => {
      try {
        return held(decodeURIComponent(relativePath)) !== undefined;
      } catch {
        return false;
      }
    },
    // The shell release's files and the held version's, copied to the worker (a few MB).
    forWorker: ({ shellRelease, holds }) => {
      const files = new Map(shells.get(shellRelease));
      const folder = holds && `remotes/${holds.remote}/${holds.version}/`;
      for (const [path, text] of (folder && versions.get(folder)) || []) files.set(`${folder}${path}`, text);
      return { kind: 'memory', files };
    },
  };

  return {
    /** The site as this node holds it in memory, for the composer and the routes that read the deployment. */
    site,
    /** Resolves once the node holds a registry and a release to compose with. */
    ready: async (): Promise<void> => {
      while (!inForce) {
        await tick();
        if (!inForce) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    status: (): MirrorStatus => ({ ...status }),
    /** Tells `hook` of each move before it is in force. */
    beforeMove: (hook: BeforeMove) => {
      beforeMove = hook;
    },
    /** Stops reading the store. */
    close: () => clearInterval(timer),
  };
};
