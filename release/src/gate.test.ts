import { describe, expect, it } from 'vitest';
import { incompatibilities, parseContract, parseManifest, remoteEntryPath, type FederationManifest, type ShellContract } from './gate.ts';
import { ReleaseError } from './registry.ts';

const singleton = (name: string, version: string, requiredVersion: string | false = `^${version}`) => ({
  name,
  version,
  singleton: true,
  requiredVersion,
});

/** The parts of an mf-manifest.json the gate reads, shaped like a real rsbuild build's. */
const manifest = (overrides: Partial<FederationManifest> = {}): FederationManifest => ({
  name: 'registration',
  metaData: { buildInfo: { buildVersion: '0.1.0' }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [singleton('react', '19.3.1'), singleton('@entry/routes', '0.1.0')],
  exposes: [{ name: 'screens', path: './screens' }],
  ...overrides,
});

const shell = manifest({
  name: 'shell',
  shared: [singleton('react', '19.3.1'), singleton('react-dom', '19.3.1'), singleton('@entry/routes', '0.1.0')],
  exposes: [],
});
const contract: ShellContract = { release: 'r1', remotes: { registration: { exposes: ['./screens'] } } };

describe('incompatibilities', () => {
  it('finds none for a build made against the deployed shell', () => {
    expect(incompatibilities('registration', manifest(), shell, contract)).toEqual([]);
  });

  it('names the package, the required range and the version the shell provides', () => {
    const candidate = manifest({ shared: [singleton('react', '18.3.1', '^18.0.0')] });

    expect(incompatibilities('registration', candidate, shell, contract)).toEqual([
      'it requires react ^18.0.0, but the shell provides react 19.3.1',
    ]);
  });

  it('leaves a singleton the shell does not use to the remotes (the first one loaded provides it)', () => {
    const candidate = manifest({ shared: [singleton('zustand', '5.1.0')] });

    expect(incompatibilities('registration', candidate, shell, contract)).toEqual([]);
  });

  it('refuses a build that does not expose a module the shell loads', () => {
    const candidate = manifest({ exposes: [{ name: 'widgets', path: './widgets' }] });

    expect(incompatibilities('registration', candidate, shell, contract)).toEqual([
      "it does not expose ./screens, which the shell's routes load",
    ]);
  });

  it('reads an expose without a path as ./<name>', () => {
    expect(incompatibilities('registration', manifest({ exposes: [{ name: 'screens' }] }), shell, contract)).toEqual([]);
  });

  it('refuses a manifest that names another remote', () => {
    expect(incompatibilities('registration', manifest({ name: 'login' }), shell, contract)).toEqual([
      'its manifest names the remote "login", not "registration"',
    ]);
  });

  it('ignores shared entries that are not singletons or require no version', () => {
    const candidate = manifest({
      shared: [
        { name: 'lodash', version: '4.17.21', singleton: false, requiredVersion: '^4.0.0' },
        { name: 'react', version: '18.3.1', singleton: false, requiredVersion: '^18.0.0' },
        singleton('react-dom', '18.3.1', false),
      ],
    });

    expect(incompatibilities('registration', candidate, shell, contract)).toEqual([]);
  });

  it('says every reason at once', () => {
    const candidate = manifest({ name: 'login', shared: [singleton('react', '18.3.1', '^18.0.0')], exposes: [] });

    expect(incompatibilities('registration', candidate, shell, contract)).toHaveLength(3);
  });

  it('needs no exposes for a remote the contract does not name', () => {
    expect(incompatibilities('taster', manifest({ name: 'taster', exposes: [] }), shell, contract)).toEqual([]);
  });
});

describe('parseManifest', () => {
  it('reads a manifest', () => {
    expect(parseManifest(JSON.stringify(manifest()), 'dist/mf-manifest.json').name).toBe('registration');
  });

  it('refuses text that is not JSON, saying where it came from', () => {
    expect(() => parseManifest('{', 'dist/mf-manifest.json')).toThrow(new ReleaseError('dist/mf-manifest.json is not valid JSON'));
  });

  it('refuses JSON that is not a manifest', () => {
    expect(() => parseManifest('{"name":"registration","shared":[]}', 'dist/mf-manifest.json')).toThrow(
      /dist\/mf-manifest.json is not a Module Federation manifest/,
    );
    expect(() => parseManifest('null', 'dist/mf-manifest.json')).toThrow(ReleaseError);
  });
});

describe('parseContract', () => {
  it('reads a contract', () => {
    expect(parseContract(JSON.stringify(contract), 'shell-contract.json')).toEqual(contract);
  });

  it('refuses text that is not JSON or has no remotes', () => {
    expect(() => parseContract('nope', 'shell-contract.json')).toThrow(/shell-contract.json is not valid JSON/);
    expect(() => parseContract('{"release":"r1"}', 'shell-contract.json')).toThrow(/shell-contract.json has no "remotes" object/);
    expect(() => parseContract('null', 'shell-contract.json')).toThrow(ReleaseError);
  });
});

describe('remoteEntryPath', () => {
  it('joins the entry path and name the manifest gives', () => {
    expect(remoteEntryPath(manifest())).toBe('remoteEntry.js');
    expect(remoteEntryPath(manifest({ metaData: { remoteEntry: { name: 'entry.js', path: 'static/' } } }))).toBe('static/entry.js');
    expect(remoteEntryPath(manifest({ metaData: {} }))).toBe('remoteEntry.js');
  });
});
