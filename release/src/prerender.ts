import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BASE_PATH } from '../../shared/routes/src/route-table.ts';
import { parseRegistry, type Registry } from './registry.ts';
import { listFiles } from './targets/files.ts';

/** Where the pages for static hosts go, mirroring their paths: `prerendered/login/index.html` is /public/login. */
export const PRERENDERED_FOLDER = 'prerendered';

/**
 * Rendered for no one: a static host cannot tell visitors apart, so a page written for it names no
 * user, and the browser asks. Its origin is where the browser finds itself (bootstrap.tsx).
 */
const STATIC_HOST = 'http://static-host.invalid';

type ShellServer = {
  prerenderedPaths: () => string[];
  composePage: (input: {
    url: string;
    publicDir: string;
    registry: unknown;
    visitorId: string;
    user: null;
    sessionEnded: boolean;
    site: { origin: string };
    fetch: typeof fetch;
    prerendered: boolean;
    template: string;
  }) => Promise<{ kind: 'page'; document: string } | { kind: 'redirect'; location: string } | { kind: 'skip'; reason: string }>;
};

/** Every visitor of a static host gets the live versions: a page written once cannot pick a canary by visitor. */
const liveOnly = (registry: Registry): Registry => ({
  ...registry,
  remotes: Object.fromEntries(Object.entries(registry.remotes).map(([name, record]) => [name, { ...record, canary: null }])),
});

const refuse: typeof fetch = () => Promise.reject(new Error('a page written for a static host fetches nothing while it renders'));

const writeWhole = (file: string, content: Buffer) => {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
};

/** A page and its compressed copies, as the build writes every other file (static hosts send them as they are). */
const writePage = (file: string, document: string) => {
  const content = Buffer.from(document);
  writeWhole(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeWhole(`${file}.gz`, gzipSync(content, { level: 9 }));
  // The page last: a host that finds it finds its copies too.
  writeWhole(file, content);
};

/** Pages of routes the shell no longer has, with their copies: a host would serve them for good. */
const removeOthers = (folder: string, kept: Set<string>) => {
  for (const file of listFiles(folder)) {
    if (!kept.has(file.replace(/\.(br|gz)$/, ''))) rmSync(join(folder, file), { force: true });
  }
  const folders = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory());
  // Deepest first, so that a folder emptied of folders goes too.
  for (const path of folders.map((entry) => join(entry.parentPath, entry.name)).sort((a, b) => b.length - a.length)) {
    if (readdirSync(path).length === 0) rmdirSync(path);
  }
};

/**
 * Writes, into a deployed folder, the page of every route that needs no parameter (ADR 015), composed
 * by the deployed shell's server renderer with the live versions of remotes.json as it is now: a plain
 * static host serves them, so its visitors get a first paint before any script runs. Run after every
 * move of a pointer, and by every build. A folder without the shell's server build is left as it is.
 */
export const prerenderPages = async (folder: string, print: (line: string) => void): Promise<void> => {
  const entry = join(folder, 'server', 'index.mjs');
  if (!existsSync(entry)) {
    print('no server build of the shell here: pages for static hosts not written');
    return;
  }
  const release = (JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8')) as { version: string }).version;
  // A new URL per release: this process may have imported an older shell already.
  const shell = (await import(`${pathToFileURL(entry).href}?release=${encodeURIComponent(release)}`)) as ShellServer;
  const registry = liveOnly(parseRegistry(readFileSync(join(folder, 'remotes.json'), 'utf8')));
  const template = readFileSync(join(folder, 'index.html'), 'utf8');
  const written: string[] = [];
  for (const path of shell.prerenderedPaths()) {
    const page = await shell.composePage({
      url: `${STATIC_HOST}${BASE_PATH}${path}`,
      publicDir: folder,
      registry,
      visitorId: 'prerendered',
      user: null,
      sessionEnded: false,
      site: { origin: STATIC_HOST },
      fetch: refuse,
      prerendered: true,
      template,
    });
    if (page.kind !== 'page') {
      print(`${BASE_PATH}${path}: not written (${page.kind === 'skip' ? page.reason : `it redirects to ${page.location}`})`);
      continue;
    }
    writePage(join(folder, PRERENDERED_FOLDER, path, 'index.html'), page.document);
    written.push(path);
  }
  removeOthers(join(folder, PRERENDERED_FOLDER), new Set(written.map((path) => join(path, 'index.html').replace(/^\//, ''))));
  print(`pages for static hosts: ${written.length} written to ${join(folder, PRERENDERED_FOLDER)} (${written.map((path) => `${BASE_PATH}${path}`).join(', ')})`);
};
