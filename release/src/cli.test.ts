import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import type { FederationManifest } from './gate.ts';
import type { Registry } from './registry.ts';
import { folderDigest } from './targets/files.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const program = fileURLToPath(new URL('./run.js', import.meta.url));

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

/** The site as `npm run build` deployed it: the shell, and login live (registration is the one the tests move). */
const deployShell = () =>
  write(deploy, {
    'remotes.json': JSON.stringify({ remotes: { login: { live: '1.0.0', lastKnownGood: null, canary: null, history: [] } } }),
    'remotes/login/1.0.0/mf-manifest.json': JSON.stringify(remoteManifest('login')),
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

  it('names the version after the build version and a digest of every file of the build by default', async () => {
    const build = makeBuild('registration');
    const digest = folderDigest(build).slice(0, 10);

    const { code } = await run('release', 'registration', '--from', build, '--by', 'ana');

    expect(code).toBe(0);
    expect(registration()?.live).toBe(`0.1.0-${digest}`);
    expect(published()).toEqual([`0.1.0-${digest}`]);
  });

  it('gives a rebuild whose manifest is the same but whose entry differs a version of its own', async () => {
    const first = makeBuild('registration');
    const second = makeBuild('registration');
    writeFileSync(join(second, 'remoteEntry.js'), 'entry built with another PUBLIC_ value');

    expect((await run('release', 'registration', '--from', first)).code).toBe(0);
    const { code, output } = await run('release', 'registration', '--from', second);

    expect(code, output).toBe(0);
    expect(published()).toHaveLength(2);
    expect(registration()?.lastKnownGood).toBe(published().find((version) => version !== registration()?.live));
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
    const before = registryText();
    const { code, output } = await release(join(builds, 'missing'), '1.0.0');

    expect(code).toBe(1);
    expect(output).toBe(
      `${join(builds, 'missing')} has no mf-manifest.json: build the remote first (npm run build -w remotes/registration)`,
    );
    expect(registryText()).toBe(before);
  });

  it('refuses a build whose compressed copies no longer hold their files, naming them, and publishes nothing', async () => {
    const before = registryText();
    const build = makeBuild('registration');
    writeFileSync(join(build, 'remoteEntry.js.gz'), gzipSync('entry'));
    writeFileSync(join(build, 'static/js/a.js.br'), brotliCompressSync('the code as it was before an edit'));
    writeFileSync(join(build, 'static/js/gone.js.gz'), gzipSync('a file deleted since'));

    const { code, output } = await release(build, '1.0.0');

    expect(code).toBe(1);
    expect(output).toBe(
      `${build} has compressed copies that differ from their files (static/js/a.js.br, static/js/gone.js.gz): build the remote again rather than edit its files`,
    );
    expect(registryText()).toBe(before);
    expect(existsSync(join(deploy, 'remotes', 'registration'))).toBe(false);
  });

  it('refuses a target with no shell', async () => {
    rmSync(join(deploy, 'mf-manifest.json'));

    const { code, output } = await release(makeBuild('registration'), '1.0.0');

    expect(code).toBe(1);
    expect(output).toContain('deploy the shell first');
    expect(existsSync(join(deploy, 'remotes', 'registration'))).toBe(false);
  });

  it('refuses an environment with no remotes.json, publishing nothing: a registry of one remote takes the site down', async () => {
    rmSync(join(deploy, 'remotes.json'));

    const { code, output } = await release(makeBuild('registration'), '1.0.0');

    expect(code).toBe(1);
    expect(output).toBe(
      "refused: remotes.json would have no live version of login, which the shell's routes load, so every route of it would fail. Deploy the whole site into this environment first (npm run build deploys the local one).",
    );
    expect(existsSync(join(deploy, 'remotes.json'))).toBe(false);
    expect(existsSync(join(deploy, 'remotes', 'registration'))).toBe(false);
  });

  it('refuses a corrupt registry before publishing anything', async () => {
    writeFileSync(join(deploy, 'remotes.json'), '{"remotes": {"login": ');

    const { code, output } = await release(makeBuild('registration'), '1.0.0');

    expect(code).toBe(1);
    expect(output).toBe('remotes.json is not valid JSON');
    expect(existsSync(join(deploy, 'remotes', 'registration'))).toBe(false);
  });

  it('gives one readable line when the target cannot be written, and leaves no partial folder', async () => {
    // A file where the remote's folder should be: the copy cannot start, as on a read-only mount.
    mkdirSync(join(deploy, 'remotes'), { recursive: true });
    writeFileSync(join(deploy, 'remotes', 'registration'), 'in the way');
    const before = registryText();

    const { code, output } = await release(makeBuild('registration'), '1.0.0');

    expect(code).toBe(1);
    expect(output.split('\n')).toEqual([
      expect.stringMatching(/^cannot publish remotes\/registration\/1\.0\.0 to folder .+: (part of the path is not a folder|.+) \(E[A-Z]+\)$/),
    ]);
    expect(readdirSync(join(deploy, 'remotes'))).toEqual(['login', 'registration']);
    expect(registryText()).toBe(before);
  });

  it.each(['release', 'rollback', 'promote', 'releases', 'prune'])('%s refuses a --target that holds no deployed site', async (command) => {
    const typo = join(deploy, 'pubic');
    const argv = command === 'release' ? ['--from', makeBuild('registration')] : [];

    const lines: string[] = [];
    const code = await main([command, 'registration', ...argv, '--target', typo], repoRoot, {}, (line) => lines.push(line));

    expect(code).toBe(1);
    expect(lines.join('\n')).toContain(`folder ${typo} holds no deployed site (no mf-manifest.json or shell-contract.json): check --target or --env`);
    expect(existsSync(typo)).toBe(false);
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

  it('refuses to release the live version again during a canary, and ends it only with --cancel-canary', async () => {
    const v1 = makeBuild('registration');
    await release(v1, '1.0.0');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0', '--canary', '50%');
    const before = registryText();

    const again = await release(v1, '1.0.0');
    expect(again.code).toBe(1);
    expect(again.output).toContain('registration 1.0.0 is already live; to end the canary (2.0.0 for 50% of visitors) run: npm run rollback -- registration --cancel-canary');
    expect(registryText()).toBe(before);

    const refused = await run('rollback', 'registration');
    expect(refused.code).toBe(1);
    expect(refused.output).toBe(
      'refused: registration has a canary running (2.0.0 for 50% of visitors); a rollback would end it. Add --cancel-canary to end it.',
    );
    expect(registryText()).toBe(before);

    const cancelled = await run('rollback', 'registration', '--cancel-canary');
    expect(cancelled.code, cancelled.output).toBe(0);
    expect(cancelled.output).toContain('  canary           2.0.0 for 50% of visitors -> (none)');
    expect(cancelled.output).toContain('registration: the canary 2.0.0 (50% of visitors) is cancelled; its visitors get 1.0.0 again');
    expect(registration()).toMatchObject({ live: '1.0.0', canary: null });
  });

  it('refuses a release of another version during a canary unless told to end it', async () => {
    await release(makeBuild('registration'), '1.0.0');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0', '--canary', '10%');

    const refused = await release(makeBuild('registration', undefined, 'c'), '3.0.0');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('releasing 3.0.0 would end it. Add --cancel-canary');
    expect(published()).toEqual(['1.0.0', '2.0.0']);

    const done = await release(makeBuild('registration', undefined, 'c'), '3.0.0', '--cancel-canary');
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain('the canary 2.0.0 (10% of visitors) is cancelled');
    expect(registration()).toMatchObject({ live: '3.0.0', canary: null });
  });

  it('refuses a second canary unless told to replace the first, and then says so', async () => {
    await release(makeBuild('registration'), '1.0.0');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0', '--canary', '50%');
    const before = registryText();

    const refused = await release(makeBuild('registration', undefined, 'c'), '2.1.0', '--canary', '10%');
    expect(refused.code).toBe(1);
    expect(refused.output).toBe(
      'refused: registration has a canary running (2.0.0 for 50% of visitors). Add --replace-canary to replace it with 2.1.0.',
    );
    expect(registryText()).toBe(before);
    expect(published()).toEqual(['1.0.0', '2.0.0']);

    const replaced = await release(makeBuild('registration', undefined, 'c'), '2.1.0', '--canary', '10%', '--replace-canary');
    expect(replaced.code, replaced.output).toBe(0);
    expect(replaced.output).toContain('registration: the canary 2.0.0 (50%) is replaced by 2.1.0 (10%)');
    expect(registration()?.canary).toEqual({ version: '2.1.0', percentage: 10 });
  });

  it('changes the share of the running canary and says so', async () => {
    const canary = makeBuild('registration', undefined, 'b');
    await release(makeBuild('registration'), '1.0.0');
    await release(canary, '2.0.0', '--canary', '10%');

    const { code, output } = await release(canary, '2.0.0', '--canary', '50%');

    expect(code, output).toBe(0);
    expect(output).toContain('registration: the canary 2.0.0 goes from 10% to 50% of visitors');
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

  it('never makes a version visitors could not load the last known good', async () => {
    const server = await startServer(() => ({
      failures: [
        { version: '2.0.0', fallbackVersion: '1.0.0', visitors: 2, canaryVisitors: 0, firstSeen: 'a', lastSeen: 'b' },
        { version: '2.0.0', fallbackVersion: null, visitors: 1, canaryVisitors: 0, firstSeen: 'a', lastSeen: 'b' },
      ],
    }));
    await release(makeBuild('registration'), '1.0.0');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0');

    const { code, output } = await release(makeBuild('registration', undefined, 'c'), '3.0.0', '--server', server);

    expect(code, output).toBe(0);
    expect(registration()).toMatchObject({ live: '3.0.0', lastKnownGood: '1.0.0' });
    expect(output).toContain('  last known good  1.0.0 (unchanged)');
  });

  it('keeps a version with failures under the threshold as the last known good', async () => {
    const server = await startServer(() => ({
      failures: [{ version: '2.0.0', fallbackVersion: '1.0.0', visitors: 2, canaryVisitors: 0, firstSeen: 'a', lastSeen: 'b' }],
    }));
    await release(makeBuild('registration'), '1.0.0');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0');

    await release(makeBuild('registration', undefined, 'c'), '3.0.0', '--server', server);

    expect(registration()).toMatchObject({ live: '3.0.0', lastKnownGood: '2.0.0' });
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
    const before = registryText();
    const { code, output } = await run(...argv);

    expect(code).toBe(2);
    expect(output).toContain(message);
    expect(output).toContain('usage:');
    expect(registryText()).toBe(before);
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
          {
            version: '3.0.0',
            fallbackVersion: '1.0.0',
            visitors: 4,
            canaryVisitors: 1,
            firstSeen: '2025-01-01T10:00:00Z',
            lastSeen: '2025-01-01T11:00:00Z',
          },
        ],
      };
    });

    const { code, output } = await release(makeBuild('registration'), '1.0.0', '--server', server);

    expect(code).toBe(0);
    // Asked once, before the move: the last known good is chosen with the reports in hand.
    expect(asked).toEqual(['/app-metadata/remote-load-failures?remote=registration']);
    expect(output).toContain("  visitors' load failures seen by the server:");
    expect(output).toContain('    3.0.0 failed to load for 4 visitors (1 on the canary), who fell back to 1.0.0 (last 2025-01-01T11:00:00Z)');
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

describe('two moves of one remote at once', () => {
  /** Another release manager's rollback, landing while the command under test asks the server for its reports. */
  const rollbackMeanwhile = () => {
    const registry = JSON.parse(registryText()) as Registry;
    const record = registry.remotes.registration!;
    registry.remotes.registration = {
      ...record,
      live: '1.0.0',
      history: [...record.history, { at: '2026-11-27T10:00:00.000Z', by: 'bo', action: 'rollback', from: record.live, to: '1.0.0', why: 'errors' }],
    };
    writeFileSync(join(deploy, 'remotes.json'), JSON.stringify(registry));
  };

  it.each([
    ['release', (server: string) => release(makeBuild('registration', undefined, 'c'), '3.0.0', '--server', server)],
    ['rollback', (server: string) => run('rollback', 'registration', '--server', server)],
  ])('refuses the %s that writes second, saying what moved, by whom and when, and moves nothing', async (_, command) => {
    await release(makeBuild('registration'), '1.0.0');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0');
    // The command asks the server for its reports after reading the registry, before it moves.
    const server = await startServer(() => {
      rollbackMeanwhile();
      return { failures: [] };
    });

    const { code, output } = await command(server);

    expect(code).not.toBe(0);
    expect(output).toContain('refused: registration moved while this command ran (rollback 2.0.0 -> 1.0.0 by bo at 2026-11-27T10:00:00.000Z)');
    expect(registration()).toMatchObject({ live: '1.0.0', lastKnownGood: '1.0.0' });
    expect(registration()?.history.at(-1)).toMatchObject({ by: 'bo', action: 'rollback' });

  });

  it('lets the refused release be run again, from the pointers as they are now', async () => {
    await release(makeBuild('registration'), '1.0.0');
    await release(makeBuild('registration', undefined, 'b'), '2.0.0');
    const server = await startServer(() => {
      rollbackMeanwhile();
      return { failures: [] };
    });
    expect((await release(makeBuild('registration', undefined, 'c'), '3.0.0', '--server', server)).code).not.toBe(0);

    const again = await release(makeBuild('registration', undefined, 'c'), '3.0.0');

    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('  live             1.0.0 -> 3.0.0');
  });
});

describe('two releases at once', () => {
  it('keeps both when two processes release different remotes into the same target', { timeout: 30_000 }, async () => {
    const exec = promisify(execFile);
    const releaseInChild = (remote: string, version: string) =>
      exec(process.execPath, [program, 'release', remote, '--target', deploy, '--from', makeBuild(remote), '--version', version, '--by', 'ci'], {
        cwd: repoRoot,
        env: { ...process.env, RELEASE_SERVER_URL: '' },
      });

    await release(makeBuild('registration'), '1.0.0');

    const results = await Promise.all([releaseInChild('registration', '2.0.0'), releaseInChild('login', '2.0.0')]);

    expect(results.map(({ stdout }) => stdout)).toEqual([expect.stringContaining('done in'), expect.stringContaining('done in')]);
    const { remotes } = JSON.parse(registryText()) as Registry;
    expect(remotes.registration?.live).toBe('2.0.0');
    expect(remotes.login?.live).toBe('2.0.0');
    expect(published('registration')).toEqual(['1.0.0', '2.0.0']);
    expect(published('login')).toEqual(['1.0.0', '2.0.0']);
  });
});

describe('prune', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  /** Versions published `hours` ago each, and a registry whose history moved through them at the times given. */
  const publishAt = (versions: Record<string, number>) => {
    for (const [version, hours] of Object.entries(versions)) {
      write(deploy, { [`remotes/registration/${version}/mf-manifest.json`]: JSON.stringify(remoteManifest('registration')), [`remotes/registration/${version}/server/entry.js`]: 'ssr' });
      utimesSync(join(deploy, `remotes/registration/${version}/mf-manifest.json`), hoursAgo(hours), hoursAgo(hours));
    }
  };
  const setRegistry = (record: object) => {
    const registry = JSON.parse(registryText()) as { remotes: Record<string, object> };
    registry.remotes.registration = record;
    writeFileSync(join(deploy, 'remotes.json'), JSON.stringify(registry));
  };
  const entry = (action: string, from: string | null, to: string, hours: number) => ({ at: hoursAgo(hours).toISOString(), by: 'ana', action, from, to, why: 'x' });

  beforeEach(() => {
    publishAt({ v1: 100, v2: 90, v3: 80, v4: 70, v5: 60, v6: 50, c1: 3 });
    setRegistry({
      live: 'v6',
      lastKnownGood: 'v4',
      canary: { version: 'c1', percentage: 10 },
      history: [
        entry('release', null, 'v1', 100),
        entry('release', 'v1', 'v2', 90),
        entry('release', 'v2', 'v3', 80),
        entry('rollback', 'v3', 'v2', 75),
        entry('release', 'v2', 'v4', 70),
        entry('release', 'v4', 'v5', 60),
        // v5 served until 10 hours ago: within the skew window.
        entry('release', 'v5', 'v6', 10),
        entry('canary', 'v6', 'c1 (10%)', 3),
      ],
    });
  });

  it('deletes old versions, never live, canary, last known good or one that served visitors within the skew window, and says why', async () => {
    const { code, output } = await run('prune', 'registration', '--keep', '0');

    expect(code, output).toBe(0);
    expect(output).toContain('  kept     v6: live');
    expect(output).toContain('  kept     c1: canary');
    expect(output).toContain('  kept     v4: last known good');
    expect(output).toContain('  kept     v5: served visitors within the last 24 h (open tabs may still load it)');
    expect(output).toContain('  deleted  v1');
    expect(published()).toEqual(['c1', 'v4', 'v5', 'v6']);
  });

  it('keeps the newest N besides, and honours another skew window', async () => {
    const { code, output } = await run('prune', 'registration', '--keep', '2', '--skew-window', '6h');

    expect(code, output).toBe(0);
    expect(output).toContain('  kept     v5: one of the 2 newest besides those');
    expect(output).toContain('  kept     v3: one of the 2 newest besides those');
    expect(published()).toEqual(['c1', 'v3', 'v4', 'v5', 'v6']);
    const again = await run('prune', 'registration', '--keep', '0', '--skew-window', '6h');
    expect(again.output).toContain('  deleted  v5');
    expect(published()).toEqual(['c1', 'v4', 'v6']);
  });

  it('keeps a canary replaced within the skew window: its visitors may still have it open', async () => {
    publishAt({ c0: 5 });
    const registry = JSON.parse(registryText()) as Registry;
    const record = registry.remotes.registration!;
    setRegistry({ ...record, history: [...record.history.slice(0, -1), entry('canary', 'v6', 'c0 (10%)', 5), entry('canary', 'v6', 'c1 (10%)', 3)] });

    const { output } = await run('prune', 'registration', '--keep', '0');

    expect(output).toContain('  kept     c0: served visitors within the last 24 h');
  });

  it('only says what it would delete with --dry-run', async () => {
    const { code, output } = await run('prune', 'registration', '--keep', '0', '--dry-run');

    expect(code).toBe(0);
    expect(output).toContain('  would delete v1');
    expect(published()).toEqual(['c1', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
  });

  it('refuses a skew window or keep it cannot read', async () => {
    expect(await run('prune', 'registration', '--skew-window', 'soon')).toEqual({
      code: 1,
      output: '--skew-window takes a duration such as 24h, 90m or 2d, not "soon"',
    });
    expect((await run('prune', 'registration', '--keep', '-1')).code).toBe(2);
    expect((await run('prune', 'registration', '--keep', 'x')).output).toBe('--keep takes a whole number of versions, not "x"');
    expect(published()).toHaveLength(7);
  });
});
