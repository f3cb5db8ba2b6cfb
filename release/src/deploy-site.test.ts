import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import { deploySite, type SiteBuild } from './deploy-site.ts';
import type { Registry } from './registry.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const REMOTES = ['login', 'registration'] as const;
let work: string;
let deployDir: string;
let lines: string[];

const write = (dir: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

const singleton = (name: string, version: string) => ({ name, version, singleton: true, requiredVersion: `^${version}` });
const manifest = (name: string, react = '19.3.1') =>
  JSON.stringify({
    name,
    metaData: { buildInfo: { buildVersion: '0.1.0' }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [singleton('react', react)],
    exposes: name === 'shell' ? [] : [{ name: 'screens', path: './screens' }],
  });

/** The workspaces' dist folders as `npm run build` leaves them; `entry` stands for what a PUBLIC_ value changes. */
const build = ({ shell = 'shell 1', entry = 'entry', react = '19.3.1' } = {}) => {
  const dir = mkdtempSync(join(work, 'build-'));
  write(dir, { 'shell/index.html': shell, 'shell/mf-manifest.json': manifest('shell'), 'shell/static/js/main.js': shell });
  for (const name of REMOTES) {
    write(dir, {
      [`${name}/mf-manifest.json`]: manifest(name, name === 'registration' ? react : '19.3.1'),
      [`${name}/remoteEntry.js`]: `${name} ${entry}`,
      [`${name}/server/remoteEntry.js`]: 'module.exports = {};',
      [`${name}/static/js/a.js`]: 'a',
    });
  }
  return dir;
};

const site = (dir: string, releaseId = 'r1'): SiteBuild => ({
  deployDir,
  shellDir: join(dir, 'shell'),
  contract: { release: releaseId, remotes: Object.fromEntries(REMOTES.map((name) => [name, { exposes: ['./screens'] }])) },
  remoteDirs: Object.fromEntries(REMOTES.map((name) => [name, join(dir, name)])),
  releaseId,
  move: { by: 'build', why: 'npm run build', at: '2026-01-01T00:00:00.000Z' },
  print: (line) => lines.push(line),
});

const registry = () => JSON.parse(readFileSync(join(deployDir, 'remotes.json'), 'utf8')) as Registry;
const versions = (remote: string) => readdirSync(join(deployDir, 'remotes', remote)).sort();
const cli = async (...argv: string[]) => {
  const output: string[] = [];
  const code = await main([...argv, '--target', deployDir, '--by', 'ana'], repoRoot, {}, (line) => output.push(line));
  return { code, output: output.join('\n') };
};

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'deploy-site-'));
  deployDir = join(work, 'public');
  lines = [];
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('deploySite', () => {
  it('deploys every remote, the registry and then the shell', async () => {
    await deploySite(site(build()));

    expect(registry().remotes.login?.live).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(registry().remotes.registration?.live).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(readFileSync(join(deployDir, 'index.html'), 'utf8')).toBe('shell 1');
    expect(JSON.parse(readFileSync(join(deployDir, 'release.json'), 'utf8'))).toEqual({ version: 'r1' });
    expect(lines.slice(-2)).toEqual([`shell: release r1 in ${deployDir}`, 'no server build of the shell here: pages for static hosts not written']);
  });

  /**
   * A shell server build as the shell's renderer exports it (shell/src/server.ts), composing pages from
   * its inputs; `owners` gives each path's owner, as prerenderedPages does (without them, the paths as a
   * shell from before issue 22 names them).
   */
  const shellServer = (paths: string[], owners?: Record<string, string>) => `
${
  owners
    ? `export const prerenderedPages = () => ${JSON.stringify(paths.map((path) => ({ path, owner: owners[path] ?? 'shell' })))};`
    : `export const prerenderedPaths = () => ${JSON.stringify(paths)};`
}
export const warmUp = async () => {};
export const composePage = async ({ url, registry, template, user, fetch, prerendered }) => {
  const { pathname } = new URL(url);
  if (pathname.endsWith('/moved')) return { kind: 'redirect', location: '/public/login' };
  const registration = registry.remotes.registration;
  // Only while writing the pages for static hosts: the release's own check of the version passes.
  if (registration.live === 'crashes' && prerendered && pathname.endsWith('/register')) throw new Error('the renderer crashed');
  const fetched = await fetch(url).then(() => 'fetched', () => 'fetched nothing');
  return { kind: 'page', document: template + ' ' + pathname + ' registration ' + registration.live + ' canary ' + registration.canary + ' user ' + user + ' ' + fetched };
};`;

  it('writes a page for static hosts of every route without parameters, compressed too, and drops the pages of routes gone', async () => {
    const first = build();
    write(first, { 'shell/server/index.mjs': shellServer(['/', '/login', '/moved']) });
    await deploySite(site(first));

    const live = registry().remotes.registration?.live;
    const page = (path: string) => readFileSync(join(deployDir, 'prerendered', path, 'index.html'), 'utf8');
    expect(page('/')).toBe(`shell 1 /public/ registration ${live} canary null user null fetched nothing`);
    expect(page('/login')).toBe(`shell 1 /public/login registration ${live} canary null user null fetched nothing`);
    expect(brotliDecompressSync(readFileSync(join(deployDir, 'prerendered/login/index.html.br'))).toString()).toBe(page('/login'));
    expect(gunzipSync(readFileSync(join(deployDir, 'prerendered/login/index.html.gz'))).toString()).toBe(page('/login'));
    expect(lines).toContain('/public/moved: not written (it redirects to /public/login)');
    expect(lines.at(-1)).toBe(`pages for static hosts: 2 written to ${join(deployDir, 'prerendered')} (/public/, /public/login)`);

    // A canary is for some visitors; a page written once is for all of them, so it names the live version.
    expect((await cli('release', 'registration', '--from', join(first, 'registration'), '--version', '9.0.0', '--canary', '10%')).code).toBe(0);
    expect(page('/login')).toContain(`registration ${live} canary null`);

    // The next shell has no login route: its page goes, with its copies.
    const second = build({ shell: 'shell 2' });
    write(second, { 'shell/server/index.mjs': shellServer(['/']) });
    await deploySite(site(second, 'r2'));
    expect(page('/')).toContain('shell 2 /public/');
    expect(readdirSync(join(deployDir, 'prerendered'), { recursive: true }).sort()).toEqual(['.written-with.json', 'index.html', 'index.html.br', 'index.html.gz']);
  });

  it('writes the not-found page as 404.html and the addresses of the app beside it, on PUBLIC_ORIGIN when given (issue 24)', async () => {
    const first = build();
    const server = `${shellServer(['/', '/login'], {})}
export const appPathPattern = () => '^/public(?:/login)?/?$';`.replace("return { kind: 'page', document: template + ' ' + pathname", "return { kind: 'page', document: template + ' ' + new URL(url).origin + pathname");
    write(first, { 'shell/server/index.mjs': server });
    const before = process.env.PUBLIC_ORIGIN;
    process.env.PUBLIC_ORIGIN = 'https://learning.example';
    try {
      await deploySite(site(first));
    } finally {
      if (before === undefined) delete process.env.PUBLIC_ORIGIN;
      else process.env.PUBLIC_ORIGIN = before;
    }
    const written = (file: string) => readFileSync(join(deployDir, 'prerendered', file), 'utf8');
    expect(written('login/index.html')).toContain('https://learning.example/public/login');
    expect(written('404.html')).toContain('https://learning.example/public/page-not-found/404');
    expect(gunzipSync(readFileSync(join(deployDir, 'prerendered/404.html.gz'))).toString()).toBe(written('404.html'));
    expect(written('app-paths.regex')).toBe('^/public(?:/login)?/?$\n');

    // Without an origin the pages are written again, for the browser to name the canonical address.
    await deploySite(site(first));
    expect(written('login/index.html')).toContain('http://static-host.invalid/public/login');
    expect(written('app-paths.regex')).toBe('^/public(?:/login)?/?$\n');
  });

  describe('after a move of one remote', () => {
    const OWNERS = { '/': 'login', '/login': 'login', '/register': 'registration', '/privacy': 'shell' };
    const page = (path: string) => readFileSync(join(deployDir, 'prerendered', path, 'index.html'), 'utf8');
    const hidden = () => readdirSync(deployDir).filter((name) => name.startsWith('.prerendered'));
    const pages = () =>
      readdirSync(join(deployDir, 'prerendered'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => [join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'latin1')]);
    let first: string;

    beforeEach(async () => {
      first = build();
      write(first, { 'shell/server/index.mjs': shellServer(Object.keys(OWNERS), OWNERS) });
      await deploySite(site(first));
      lines = [];
    });

    it('writes again only the pages of that remote’s routes, and keeps the others as they were', async () => {
      const before = { login: page('/login'), privacy: page('/privacy') };

      const released = await cli('release', 'registration', '--from', join(first, 'registration'), '--version', '9.0.0');

      expect(released.code, released.output).toBe(0);
      expect(page('/register')).toContain('registration 9.0.0');
      expect(brotliDecompressSync(readFileSync(join(deployDir, 'prerendered/register/index.html.br'))).toString()).toBe(page('/register'));
      expect(page('/login')).toBe(before.login);
      expect(page('/privacy')).toBe(before.privacy);
      expect(released.output).toContain(`pages for static hosts: 1 written to ${join(deployDir, 'prerendered')} (/public/register), 3 kept (nothing they show moved)`);
      expect(hidden()).toEqual([]);
    });

    it('writes none for a canary, which no page shows, nor for a build that changes nothing', async () => {
      const before = pages();

      const canary = await cli('release', 'registration', '--from', join(first, 'registration'), '--version', '9.0.0', '--canary', '10%');
      await deploySite(site(first));

      expect(canary.output).toContain(`pages for static hosts: none written to ${join(deployDir, 'prerendered')}, 4 kept (nothing they show moved)`);
      expect(lines.at(-1)).toBe(`pages for static hosts: none written to ${join(deployDir, 'prerendered')}, 4 kept (nothing they show moved)`);
      expect(pages()).toEqual(before);
    });

    it('leaves every page as it was when writing them fails part way, and no folder of its own behind', async () => {
      const before = pages();

      const released = await cli('release', 'registration', '--from', join(first, 'registration'), '--version', 'crashes');

      expect(released.code, released.output).toBe(0);
      expect(released.output).toContain('pages for static hosts: not written: the renderer crashed');
      expect(pages()).toEqual(before);
      expect(hidden()).toEqual([]);
    });

    it('clears what a run stopped half way left, and writes every page when the pages are missing', async () => {
      write(deployDir, { '.prerendered-1a2b3c4d/login/index.html': 'half written' });
      rmSync(join(deployDir, 'prerendered'), { recursive: true });

      const released = await cli('release', 'login', '--from', join(first, 'login'), '--version', '2.0.0');

      expect(released.code, released.output).toBe(0);
      expect(released.output).toMatch(/pages for static hosts: 4 written to /);
      expect(hidden()).toEqual([]);
    });

    it('writes every page for a shell that names no owners', async () => {
      // Another release id: the tooling imports a shell's server build once per release.
      write(deployDir, { 'server/index.mjs': shellServer(Object.keys(OWNERS)), 'release.json': JSON.stringify({ version: 'r0' }) });

      const released = await cli('release', 'registration', '--from', join(first, 'registration'), '--version', '9.0.0');

      expect(released.output).toMatch(/pages for static hosts: 4 written to \S+ \([^)]*\)$/m);
      expect(page('/login')).toContain('registration 9.0.0');
    });
  });

  it('replaces the shell file by file: new hashed files beside the old, a changed server build swapped', async () => {
    const first = build();
    write(first, { 'shell/server/render.js': 'render 1' });
    await deploySite(site(first));
    const second = build({ shell: 'shell 2' });
    write(second, { 'shell/static/js/main.2.js': 'new chunk', 'shell/server/render.js': 'render 2' });

    await deploySite(site(second, 'r2'));

    expect(readFileSync(join(deployDir, 'static/js/main.js'), 'utf8')).toBe('shell 2');
    expect(readFileSync(join(deployDir, 'static/js/main.2.js'), 'utf8')).toBe('new chunk');
    expect(readFileSync(join(deployDir, 'server/render.js'), 'utf8')).toBe('render 2');
    expect(readFileSync(join(deployDir, 'index.html'), 'utf8')).toBe('shell 2');
    expect(readdirSync(deployDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('changes nothing when run again with the same builds', async () => {
    const dir = build();
    await deploySite(site(dir));
    const before = readFileSync(join(deployDir, 'remotes.json'), 'utf8');
    lines = [];

    await deploySite(site(dir));

    expect(readFileSync(join(deployDir, 'remotes.json'), 'utf8')).toBe(before);
    expect(versions('registration')).toHaveLength(1);
    expect(lines).toContain(`registration ${registry().remotes.registration?.live} is live already`);
  });

  it('deploys a build that differs only in a file the manifest does not cover as a new version', async () => {
    await deploySite(site(build()));
    const first = registry().remotes.registration?.live;

    await deploySite(site(build({ entry: 'built with another PUBLIC_ value' })));

    expect(versions('registration')).toHaveLength(2);
    expect(registry().remotes.registration).toMatchObject({ lastKnownGood: first });
    expect(registry().remotes.registration?.live).not.toBe(first);
  });

  it('succeeds after a rollback and leaves the rollback in place', async () => {
    await deploySite(site(build()));
    const second = build({ entry: 'second' });
    await deploySite(site(second));
    expect((await cli('rollback', 'registration')).code).toBe(0);
    const rolledBack = readFileSync(join(deployDir, 'remotes.json'), 'utf8');
    lines = [];

    await deploySite(site(second, 'r2'));

    expect(readFileSync(join(deployDir, 'remotes.json'), 'utf8')).toBe(rolledBack);
    expect(lines.join('\n')).toMatch(/registration \S+ published, not made live: it was rolled back from/);
    expect(JSON.parse(readFileSync(join(deployDir, 'release.json'), 'utf8'))).toEqual({ version: 'r2' });
  });

  it('succeeds during a canary, publishing the new build without touching the canary', async () => {
    await deploySite(site(build()));
    const canaryBuild = build({ entry: 'canary' });
    expect((await cli('release', 'registration', '--from', join(canaryBuild, 'registration'), '--canary', '10%')).code).toBe(0);
    const canary = registry().remotes.registration?.canary;

    await deploySite(site(build({ entry: 'third' })));

    expect(registry().remotes.registration?.canary).toEqual(canary);
    expect(versions('registration')).toHaveLength(3);
    expect(lines.join('\n')).toMatch(/published, not made live: the canary \S+ is running/);
    lines = [];
    await deploySite(site(canaryBuild));
    expect(lines.join('\n')).toMatch(/registration \S+ is the canary already \(10% of visitors\)/);
  });

  it('sets an unreadable registry aside and starts afresh, saying so', async () => {
    await deploySite(site(build()));
    writeFileSync(join(deployDir, 'remotes.json'), '{"remotes": {');

    await deploySite(site(build()));

    expect(registry().remotes.registration?.history).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/remotes\.json is not valid JSON: moved it to .+remotes\.json\.unreadable-\d+ and started a new registry/);
    expect(readdirSync(deployDir).filter((name) => name.startsWith('remotes.json.unreadable-'))).toHaveLength(1);
  });

  it('refuses a build the new shell cannot run before writing anything, the shell included', async () => {
    await deploySite(site(build()));
    const before = readFileSync(join(deployDir, 'remotes.json'), 'utf8');

    await expect(deploySite(site(build({ shell: 'shell 2', react: '18.3.1', entry: 'x' }), 'r2'))).rejects.toThrow(
      /refused: nothing was deployed to .+:\nrefused: registration \S+ does not fit the deployed shell:\n {2}- it requires react \^18\.3\.1, but the shell provides react 19\.3\.1/,
    );
    expect(readFileSync(join(deployDir, 'remotes.json'), 'utf8')).toBe(before);
    expect(readFileSync(join(deployDir, 'index.html'), 'utf8')).toBe('shell 1');
    expect(JSON.parse(readFileSync(join(deployDir, 'release.json'), 'utf8'))).toEqual({ version: 'r1' });
    expect(versions('registration')).toHaveLength(1);
  });

  it('never overwrites the shell when a remote cannot be published', async () => {
    await deploySite(site(build()));
    rmSync(join(deployDir, 'remotes', 'login'), { recursive: true });
    writeFileSync(join(deployDir, 'remotes', 'login'), 'in the way');

    await expect(deploySite(site(build({ shell: 'shell 2', entry: 'y' }), 'r2'))).rejects.toThrow(/^cannot publish remotes\/login\//);
    expect(readFileSync(join(deployDir, 'index.html'), 'utf8')).toBe('shell 1');
    expect(JSON.parse(readFileSync(join(deployDir, 'release.json'), 'utf8'))).toEqual({ version: 'r1' });
  });
});
