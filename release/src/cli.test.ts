import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import type { FederationManifest } from './gate.ts';
import type { Registry } from './registry.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

let deploy: string;
let builds: string;
let servers: Server[];

const singleton = (name: string, version: string, requiredVersion = `^${version}`) => ({ name, version, singleton: true, requiredVersion });

const remoteManifest = (name: string, overrides: Partial<FederationManifest> = {}): FederationManifest => ({
  name,
  metaData: { buildInfo: { buildVersion: '0.1.0' }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [singleton('react', '19.3.1'), singleton('@entry/routes', '0.1.0')],
  exposes: [{ name: 'screens', path: './screens' }],
  ...overrides,
});

const write = (dir: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

/** A built remote, as `npm run build` leaves it in dist/. */
const makeBuild = (name: string, manifest: FederationManifest = remoteManifest(name), script = 'a') => {
  const dir = mkdtempSync(join(builds, `${name}-`));
  write(dir, { 'mf-manifest.json': JSON.stringify(manifest), 'remoteEntry.js': 'entry', 'static/js/a.js': script });
  return dir;
};

const deployShell = () =>
  write(deploy, {
    'mf-manifest.json': JSON.stringify(
      remoteManifest('shell', {
        shared: [singleton('react', '19.3.1'), singleton('react-dom', '19.3.1'), singleton('@entry/routes', '0.1.0')],
        exposes: [],
      }),
    ),
    'shell-contract.json': JSON.stringify({
      release: 'r1',
      remotes: { registration: { exposes: ['./screens'] }, login: { exposes: ['./screens'] } },
    }),
  });

/** Runs the command as `npm run <command> -- ...` would, against the temp deploy folder. */
const run = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await main([...argv, '--target', deploy], repoRoot, {}, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
};

const release = (build: string, version: string, ...rest: string[]) =>
  run('release', 'registration', '--from', build, '--version', version, '--by', 'ana', ...rest);

const registryText = () => readFileSync(join(deploy, 'remotes.json'), 'utf8');
const registration = () => (JSON.parse(registryText()) as Registry).remotes.registration;
const published = (remote = 'registration') => readdirSync(join(deploy, 'remotes', remote)).sort();

/** A stand-in for the environment's server, answering the load-failure report. */
const startServer = async (handle: (url: URL) => unknown) => {
  const server = createServer((request, response) => {
    const body = handle(new URL(request.url ?? '/', 'http://localhost'));
    response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'release-deploy-'));
  builds = mkdtempSync(join(tmpdir(), 'release-builds-'));
  servers = [];
  deployShell();
});

afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(deploy, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

describe('release', () => {
  it('publishes the build, makes it live and says what changed', async () => {
    const { code, output } = await release(makeBuild('registration'), '1.0.0', '--why', 'first release');

    expect(code).toBe(0);
    expect(output).toContain(`registration 1.0.0: published to folder ${deploy}/remotes/registration/1.0.0`);
    expect(output).toContain('  live             (none) -> 1.0.0');
    expect(readFileSync(join(deploy, 'remotes/registration/1.0.0/static/js/a.js'), 'utf8')).toBe('a');
    expect(registration()).toMatchObject({
      live: '1.0.0',
      lastKnownGood: null,
      canary: null,
      history: [{ action: 'release', from: null, to: '1.0.0', by: 'ana', why: 'first release' }],
    });
  });

  it('names the version after the build version and a digest of the manifest by default', async () => {
    const build = makeBuild('registration');
    const digest = createHash('sha256').update(readFileSync(join(build, 'mf-manifest.json'))).digest('hex').slice(0, 8);

    const { code } = await run('release', 'registration', '--from', build, '--by', 'ana');

    expect(code).toBe(0);
    expect(registration()?.live).toBe(`0.1.0-${digest}`);
    expect(published()).toEqual([`0.1.0-${digest}`]);
  });

  it('keeps the version it replaces as the last known good', async () => {
    await release(makeBuild('registration'), '1.0.0');
    const { code, output } = await release(makeBuild('registration', undefined, 'b'), '2.0.0');

    expect(code).toBe(0);
    expect(output).toContain('  live             1.0.0 -> 2.0.0');
    expect(output).toContain('  last known good  (none) -> 1.0.0');
    expect(registration()).toMatchObject({ live: '2.0.0', lastKnownGood: '1.0.0' });
  });

  it('refuses a build the deployed shell cannot run, publishing nothing and moving nothing', async () => {
    await release(makeBuild('registration'), '1.0.0');
    const before = registryText();
    const incompatible = makeBuild('registration', remoteManifest('registration', { shared: [singleton('react', '18.3.1', '^18.0.0')] }));

    const { code, output } = await release(incompatible, '2.0.0');

    expect(code).toBe(1);
    expect(output).toContain('refused: registration 2.0.0 does not fit the deployed shell:');
    expect(output).toContain('it requires react ^18.0.0, but the shell provides react 19.3.1');
    expect(registryText()).toBe(before);
    expect(published()).toEqual(['1.0.0']);
  });

  it('says how to build when the build folder has no manifest', async () => {
    const { code, output } = await release(join(builds, 'missing'), '1.0.0');

    expect(code).toBe(1);
    expect(output).toBe(
      `${join(builds, 'missing')} has no mf-manifest.json: build the remote first (npm run build -w remotes/registration)`,
    );
    expect(existsSync(join(deploy, 'remotes.json'))).toBe(false);
  });

  it('refuses a target with no shell', async () => {
    rmSync(join(deploy, 'mf-manifest.json'));

    const { code, output } = await release(makeBuild('registration'), '1.0.0');

    expect(code).toBe(1);
    expect(output).toContain('deploy the shell first');
    expect(existsSync(join(deploy, 'remotes'))).toBe(false);
  });
});

describe('canary and promote', () => {
  it('offers a version to a share of visitors, then makes it live', async () => {
    await release(makeBuild('registration'), '1.0.0');

    const canary = await release(makeBuild('registration', undefined, 'b'), '2.0.0', '--canary', '50%');
    expect(canary.code).toBe(0);
    expect(canary.output).toContain('  canary           (none) -> 2.0.0 for 50% of visitors');
    expect(registration()).toMatchObject({ live: '1.0.0', canary: { version: '2.0.0', percentage: 50 } });

    const promoted = await run('promote', 'registration', '--by', 'bo', '--why', 'no errors');
    expect(promoted.code).toBe(0);
    expect(registration()).toMatchObject({ live: '2.0.0', lastKnownGood: '1.0.0', canary: null });
    expect(registration()?.history.at(-1)).toMatchObject({ action: 'promote', by: 'bo', why: 'no errors' });
  });

  it('refuses to promote when there is no canary', async () => {
    await release(makeBuild('registration'), '1.0.0');

    expect(await run('promote', 'registration')).toEqual({ code: 1, output: 'registration has no canary to promote' });
  });
});

describe('rollback', () => {
  const releaseThree = async () => {
    for (const [index, version] of ['1.0.0', '2.0.0', '3.0.0'].entries()) {
      await release(makeBuild('registration', undefined, version), version);
      expect(registration()?.history).toHaveLength(index + 1);
    }
  };

  it('returns to the previous version when none is given', async () => {
    await releaseThree();

    const { code, output } = await run('rollback', 'registration', '--by', 'bo', '--why', 'errors on submit');

    expect(code).toBe(0);
    expect(output).toContain('  live             3.0.0 -> 2.0.0');
    expect(registration()).toMatchObject({ live: '2.0.0', lastKnownGood: '1.0.0' });
    expect(registration()?.history.at(-1)).toMatchObject({ action: 'rollback', from: '3.0.0', to: '2.0.0', by: 'bo', why: 'errors on submit' });
  });

  it('returns to the version given', async () => {
    await releaseThree();

    expect((await run('rollback', 'registration', '1.0.0')).code).toBe(0);
    expect(registration()).toMatchObject({ live: '1.0.0', lastKnownGood: '2.0.0' });
  });

  it('refuses a version that is not published', async () => {
    await releaseThree();
    const before = registryText();

    const { code, output } = await run('rollback', 'registration', '0.9.0');

    expect(code).toBe(1);
    expect(output).toBe(`registration 0.9.0 is not published in folder ${deploy}`);
    expect(registryText()).toBe(before);
  });

  it('refuses when there is nothing to roll back to', async () => {
    await release(makeBuild('registration'), '1.0.0');

    expect(await run('rollback', 'registration')).toEqual({ code: 1, output: 'registration has no earlier version to roll back to' });
  });
});

describe('releases', () => {
  it('prints the history, oldest first, and where the pointers are', async () => {
    await release(makeBuild('registration'), '1.0.0', '--why', 'first');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0', '--why', 'second');

    const { code, output } = await run('releases', 'registration');

    expect(code).toBe(0);
    const lines = output.split('\n');
    expect(lines[0]).toBe(`registration in folder ${deploy}`);
    expect(lines[1]).toMatch(/^ {2}\S+Z {2}release {3}\(none\) -> 1\.0\.0 {2}by ana: first$/);
    expect(lines[2]).toMatch(/^ {2}\S+Z {2}release {3}1\.0\.0 -> 2\.0\.0 {2}by ana: second$/);
    expect(lines.slice(3, 7)).toEqual(['now:', '  live             2.0.0', '  last known good  1.0.0', '  canary           (none)']);
  });

  it('says when a remote was never released', async () => {
    const { code, output } = await run('releases', 'taster');

    expect(code).toBe(0);
    expect(output).toContain('  never released here');
  });
});

describe('usage errors', () => {
  it.each([
    ['an unknown command', ['deploy', 'registration'], 'unknown command "deploy"'],
    ['no command', [], 'unknown command ""'],
    ['an unknown remote', ['release', 'billing'], 'unknown remote "billing"'],
    ['no remote', ['promote'], 'which remote?'],
    ['--canary on rollback', ['rollback', 'registration', '--canary', '50%'], '--canary goes with release'],
    ['an extra argument', ['rollback', 'registration', '1.0.0', 'extra'], 'unexpected "1.0.0 extra"'],
    ['a version on release', ['release', 'registration', '1.0.0'], 'unexpected "1.0.0"'],
    ['an unknown option', ['release', 'registration', '--force'], "Unknown option '--force'"],
    ['an option with no value', ['release', 'registration', '--canary'], "Option '--canary"],
  ])('exits 2 with usage for %s', async (_, argv, message) => {
    const { code, output } = await run(...argv);

    expect(code).toBe(2);
    expect(output).toContain(message);
    expect(output).toContain('usage:');
    expect(existsSync(join(deploy, 'remotes.json'))).toBe(false);
  });

  it('refuses a canary percentage out of range', async () => {
    await release(makeBuild('registration'), '1.0.0');

    const { code, output } = await release(makeBuild('registration', undefined, 'b'), '2.0.0', '--canary', '100%');

    expect(code).toBe(1);
    expect(output).toBe('--canary takes a percentage from 1% to 99%, not "100%"');
  });
});

describe("the server's load failures", () => {
  it('shows the fallbacks the server saw after the move', async () => {
    const asked: string[] = [];
    const server = await startServer((url) => {
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname !== '/app-metadata/remote-load-failures') return undefined;
      return {
        failures: [
          { version: '3.0.0', fallbackVersion: '1.0.0', count: 4, firstSeen: '2025-01-01T10:00:00Z', lastSeen: '2025-01-01T11:00:00Z' },
        ],
      };
    });

    const { code, output } = await release(makeBuild('registration'), '1.0.0', '--server', server);

    expect(code).toBe(0);
    expect(asked).toEqual(['/app-metadata/remote-load-failures?remote=registration']);
    expect(output).toContain("  visitors' load failures seen by the server:");
    expect(output).toContain('    3.0.0 failed to load 4 times, visitors fell back to 1.0.0 (last 2025-01-01T11:00:00Z)');
  });

  it('says there were none', async () => {
    const server = await startServer(() => ({ failures: [] }));

    const { output } = await release(makeBuild('registration'), '1.0.0', '--server', server);

    expect(output).toContain("  visitors' load failures seen by the server: none");
  });

  it('reports a server it cannot reach, and still succeeds', async () => {
    const server = await startServer(() => ({ failures: [] }));
    await new Promise((resolve) => servers.pop()?.close(resolve));

    const { code, output } = await release(makeBuild('registration'), '1.0.0', '--server', server);

    expect(code).toBe(0);
    expect(output).toContain(`  (load failures not shown: ${server} could not be asked:`);
    expect(registration()?.live).toBe('1.0.0');
  });

  it('reports a server that answers with an error, and still succeeds', async () => {
    const server = await startServer(() => undefined);

    const { code, output } = await release(makeBuild('registration'), '1.0.0', '--server', server);

    expect(code).toBe(0);
    expect(output).toContain(`  (load failures not shown: ${server} could not be asked: it answered 404)`);
  });
});

describe('two releases at once', () => {
  it('keeps both when two processes release different remotes into the same target', { timeout: 30_000 }, async () => {
    const exec = promisify(execFile);
    const releaseInChild = (remote: string) =>
      exec(process.execPath, [cli, 'release', remote, '--target', deploy, '--from', makeBuild(remote), '--version', '1.0.0', '--by', 'ci'], {
        cwd: repoRoot,
        env: { ...process.env, RELEASE_SERVER_URL: '' },
      });

    const results = await Promise.all([releaseInChild('registration'), releaseInChild('login')]);

    expect(results.map(({ stdout }) => stdout)).toEqual([expect.stringContaining('done in'), expect.stringContaining('done in')]);
    const { remotes } = JSON.parse(registryText()) as Registry;
    expect(remotes.registration?.live).toBe('1.0.0');
    expect(remotes.login?.live).toBe('1.0.0');
    expect(published('registration')).toEqual(['1.0.0']);
    expect(published('login')).toEqual(['1.0.0']);
  });
});
