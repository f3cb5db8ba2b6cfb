import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BASE_PATH } from '../../shared/routes/src/base-path.ts';
import { parseRegistry, type Registry } from './registry.ts';
import { withLockFile } from './targets/lock-file.ts';

/** Where the pages for static hosts go, mirroring their paths: `prerendered/login/index.html` is /public/login. */
export const PRERENDERED_FOLDER = 'prerendered';

/** What the pages in `prerendered/` were written with, beside them: the next run keeps those whose inputs did not change. */
const WRITTEN_WITH = '.written-with.json';

/**
 * Beside the pages: every in-app address as one regular expression (the deployed shell's route table).
 * A static host answers an address it does not match with `404.html` and the status 404 (issue 24).
 */
export const APP_PATHS_FILE = 'app-paths.regex';

/**
 * Rendered for no one: a static host cannot tell visitors apart, so a page written for it names no
 * user, and the browser asks. Its origin is PUBLIC_ORIGIN, the one visitors use, when the command is
 * given it: the pages then name their canonical address and preview picture as written. Without it,
 * they name none until the browser runs, where it finds itself (bootstrap.tsx).
 */
const STATIC_HOST = 'http://static-host.invalid';
const siteOrigin = () => (process.env.PUBLIC_ORIGIN ? new URL(process.env.PUBLIC_ORIGIN).origin : STATIC_HOST);

/** The not-found screen, composed for an address no route has; written as `404.html`. */
const NOT_FOUND: Page = { path: '/page-not-found/404', owner: 'shell' };

/** A page and the owner of its route; an owner of null (a shell from before owners were named) is written every time. */
type Page = { path: string; owner: string | null };

/** The versions a page of a remote's route shows (the files it preloads, its fallback): a move of either writes the page again. */
type Shown = { live: string; lastKnownGood: string | null };

type WrittenWith = { shell: string; origin: string; pages: Page[]; remotes: Record<string, Shown> };

type ShellServer = {
  prerenderedPages?: () => Page[];
  /** What a shell deployed before issue 24 lacks: its static host answers every address with the app. */
  appPathPattern?: () => string;
  /** What a shell deployed before issue 22 exports instead of prerenderedPages. */
  prerenderedPaths?: () => string[];
  /** What a shell deployed before issue 26's memory nodes lacks: it reads `publicDir` itself. */
  folderFiles?: (dir: string) => unknown;
  composePage: (input: {
    url: string;
    files?: unknown;
    publicDir: string;
    registry: unknown;
    visitorId: string;
    user: null;
    sessionEnded: boolean;
    site: { origin: string };
    fetch: typeof fetch;
    prerendered: boolean;
    template: string;
  }) => Promise<
    { kind: 'page'; document: string } | { kind: 'redirect'; location: string } | { kind: 'skip'; reason: string } | { kind: 'failed'; reason: string }
  >;
};

/** The shell's pages, and its not-found page when it names its addresses (a host can tell the others then). */
const pagesOf = (shell: ShellServer): Page[] => [
  ...(shell.prerenderedPages?.() ?? (shell.prerenderedPaths?.() ?? []).map((path) => ({ path, owner: null }))),
  ...(shell.appPathPattern ? [NOT_FOUND] : []),
];

/** Every visitor of a static host gets the live versions: a page written once cannot pick a canary by visitor. */
const liveOnly = (registry: Registry): Registry => ({
  ...registry,
  remotes: Object.fromEntries(Object.entries(registry.remotes).map(([name, record]) => [name, { ...record, canary: null }])),
});

const shownBy = (registry: Registry): Record<string, Shown> =>
  Object.fromEntries(Object.entries(registry.remotes).map(([name, { live, lastKnownGood }]) => [name, { live, lastKnownGood }]));

/**
 * The deployed shell as its pages depend on it: its page template, its server renderer's entry (which
 * names its chunks by their content) and its shared modules' files. Not the release id: a quest shell
 * has the atom shell's (scripts/build-quest-site.ts).
 */
const shellDigest = (folder: string): string => {
  const hash = createHash('sha256');
  for (const file of ['index.html', 'server/index.mjs', 'shared-assets.json']) {
    hash.update(file).update('\0');
    if (existsSync(join(folder, file))) hash.update(readFileSync(join(folder, file)));
  }
  return hash.digest('hex');
};

const readWrittenWith = (pages: string): WrittenWith | null => {
  try {
    return JSON.parse(readFileSync(join(pages, WRITTEN_WITH), 'utf8')) as WrittenWith;
  } catch {
    return null;
  }
};

const refuse: typeof fetch = () => Promise.reject(new Error('a page written for a static host fetches nothing while it renders'));

/** A page's file and its compressed copies (static hosts send them as they are). */
const pageFiles = (path: string) => {
  const page = path === NOT_FOUND.path ? '404.html' : join(path, 'index.html').replace(/^\//, '');
  return [page, `${page}.br`, `${page}.gz`];
};

/**
 * Brotli's level 6, the one servers compress at on the fly, not the build's 11: on these pages 11 took
 * 17 ms a page against 0.6 ms, for 9% less (4.3 KiB against 4.7 KiB a page), which the first round
 * trip carries either way; written on every release, the pages were most of a command's time (issue 22).
 */
const BROTLI_QUALITY = 6;

/** Writes a page and its copies into the folder being made. */
const writePage = (folder: string, path: string, document: string) => {
  const content = Buffer.from(document);
  const [page, br, gz] = pageFiles(path).map((file) => join(folder, file)) as [string, string, string];
  mkdirSync(dirname(page), { recursive: true });
  writeFileSync(br, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  writeFileSync(gz, gzipSync(content, { level: 9 }));
  writeFileSync(page, content);
};

/** A page kept as it was, linked into the folder being made (copied where the disk has no links). */
const keepPage = (from: string, to: string, path: string) => {
  const files = pageFiles(path);
  mkdirSync(dirname(join(to, files[0] as string)), { recursive: true });
  for (const file of files) {
    try {
      linkSync(join(from, file), join(to, file));
    } catch {
      copyFileSync(join(from, file), join(to, file));
    }
  }
};

/** Folders of an earlier run that was stopped before it could swap or clean up (hidden: no host serves them as pages). */
const LEFTOVER = new RegExp(`^\\.${PRERENDERED_FOLDER}-`);

/**
 * The new folder takes the place of the old one by two renames: a host finds every page as it was or
 * every page as it is now, never some of each. A run stopped between the renames leaves no pages for a
 * moment (the host serves index.html, which the browser renders) until the next run writes them all.
 */
const swapIn = (site: string, made: string) => {
  const current = join(site, PRERENDERED_FOLDER);
  const old = join(site, `.${PRERENDERED_FOLDER}-old-${randomBytes(4).toString('hex')}`);
  if (existsSync(current)) renameSync(current, old);
  renameSync(made, current);
  rmSync(old, { recursive: true, force: true });
};

/**
 * Writes, into a deployed folder, the page of every route that needs no parameter (ADR 015), composed
 * by the deployed shell's server renderer with the live versions of remotes.json as it is now: a plain
 * static host serves them, so its visitors get a first paint before any script runs. Run after every
 * move of a pointer, and by every build.
 *
 * Only the pages whose inputs changed are written again: all of them for another shell, those of a
 * remote's routes when its live or last known good version moved; the others are kept as they are (a
 * canary is in no page; the other remotes' versions a page names are not what its browser runs, which
 * reads remotes.json first). The pages are made in a hidden folder beside `prerendered/` and swapped in
 * whole, under a lock, so an interrupted or concurrent run never leaves them half rewritten. A folder
 * without the shell's server build is left as it is.
 */
/**
 * Where a remote's pages can be composed without importing the shell here: the worker of the server
 * check (ADR 016) holds the shell and the version just moved to, and composes that remote's pages.
 */
export type OwnersRenderer = {
  owner: string;
  compose: (input: { url: string; registry: unknown; site: { origin: string } }) => Promise<Awaited<ReturnType<ShellServer['composePage']>>>;
};

export const prerenderPages = async (folder: string, print: (line: string) => void, renderer?: OwnersRenderer): Promise<void> => {
  const entry = join(folder, 'server', 'index.mjs');
  if (!existsSync(entry)) {
    print('no server build of the shell here: pages for static hosts not written');
    return;
  }
  const current = join(folder, PRERENDERED_FOLDER);
  const { written, kept } = await withLockFile(join(folder, `.${PRERENDERED_FOLDER}.lock`), async () => {
    for (const leftover of readdirSync(folder).filter((name) => LEFTOVER.test(name))) rmSync(join(folder, leftover), { recursive: true, force: true });
    // Read under the lock: a run that waited for another writes what the registry says after both moves.
    const registry = liveOnly(parseRegistry(readFileSync(join(folder, 'remotes.json'), 'utf8')));
    const now: WrittenWith = { shell: shellDigest(folder), origin: siteOrigin(), pages: [], remotes: shownBy(registry) };
    const before = readWrittenWith(current);
    const sameShell = before?.shell === now.shell && before.origin === now.origin;
    // Imported only when a page is to be written: the largest part of a command's time (issue 22).
    let shell: ShellServer | null = null;
    // One reader of the folder for every page: the renderer keeps what it made of it (the page templates) by reader.
    let files: unknown;
    const folderFiles = async () => (files ??= (await loadShell()).folderFiles?.(folder));
    const loadShell = async (): Promise<ShellServer> => {
      if (shell) return shell;
      const release = (JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8')) as { version: string }).version;
      // A new URL per release: this process may have imported an older shell already.
      shell = (await import(`${pathToFileURL(entry).href}?release=${encodeURIComponent(release)}`)) as ShellServer;
      return shell;
    };
    now.pages = sameShell && before ? before.pages : pagesOf(await loadShell());
    const appPathsWritten = !now.pages.some(({ path }) => path === NOT_FOUND.path) || existsSync(join(current, APP_PATHS_FILE));
    const unchanged = ({ path, owner }: Page) =>
      sameShell &&
      owner !== null &&
      (owner === 'shell' || isDeepStrictEqual(before?.remotes[owner], now.remotes[owner])) &&
      pageFiles(path).every((file) => existsSync(join(current, file)));
    if (now.pages.every(unchanged) && appPathsWritten) return { written: [], kept: now.pages.map(({ path }) => path) };

    const template = readFileSync(join(folder, 'index.html'), 'utf8');
    const made = join(folder, `.${PRERENDERED_FOLDER}-${randomBytes(4).toString('hex')}`);
    mkdirSync(made);
    try {
      const outcome = { written: [] as string[], kept: [] as string[] };
      for (const page of now.pages) {
        if (unchanged(page)) {
          keepPage(current, made, page.path);
          outcome.kept.push(page.path);
          continue;
        }
        const url = `${now.origin}${BASE_PATH}${page.path}`;
        const composed =
          renderer && page.owner === renderer.owner
            ? await renderer.compose({ url, registry, site: { origin: now.origin } })
            : await (await loadShell()).composePage({
                url,
                files: await folderFiles(),
                publicDir: folder,
                registry,
                visitorId: 'prerendered',
                user: null,
                sessionEnded: false,
                site: { origin: now.origin },
                fetch: refuse,
                prerendered: true,
                template,
              });
        if (composed.kind !== 'page') {
          print(`${BASE_PATH}${page.path}: not written (${composed.kind === 'redirect' ? `it redirects to ${composed.location}` : composed.reason})`);
          continue;
        }
        writePage(made, page.path, composed.document);
        outcome.written.push(page.path);
      }
      const appPaths = (await loadShell()).appPathPattern?.();
      if (appPaths) writeFileSync(join(made, APP_PATHS_FILE), `${appPaths}\n`);
      writeFileSync(join(made, WRITTEN_WITH), `${JSON.stringify(now)}\n`);
      swapIn(folder, made);
      return outcome;
    } catch (error) {
      rmSync(made, { recursive: true, force: true });
      throw error;
    }
  });
  const writtenNote = written.length > 0 ? `${written.length} written to ${current} (${written.map((path) => `${BASE_PATH}${path}`).join(', ')})` : `none written to ${current}`;
  print(`pages for static hosts: ${writtenNote}${kept.length > 0 ? `, ${kept.length} kept (nothing they show moved)` : ''}`);
};
