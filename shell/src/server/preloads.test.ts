import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadTags, readSharedAssets, screenStylesheets, verifiedDirectScript, verifiedEntryScript, verifiedVersion } from './preloads.ts';
import { RUNTIME_CHUNK, SHARED_ASSETS } from './shared-assets.ts';
import { folderFiles } from './site-files.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'preloads-'));
const files = folderFiles(publicDir);

/** A remote version's manifest as Module Federation writes it: its entry, its screens' files, the shared modules it consumes. */
const deployRemote = (name: string, version: string, shared: string[], requiredVersion = '^1.0.0', styles: Record<string, string> = {}) => {
  const folder = join(publicDir, 'remotes', name, version);
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of Object.entries(styles)) {
    mkdirSync(join(folder, file, '..'), { recursive: true });
    writeFileSync(join(folder, file), text);
  }
  writeFileSync(
    join(folder, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './screens', assets: { js: { sync: ['static/js/screens.1.js'] }, css: { sync: Object.keys(styles) } } }],
      shared: shared.map((module) => ({ name: module, singleton: true, requiredVersion })),
    }),
  );
};

deployRemote('taster', '1.0.0', ['react', '@entry/query']);
deployRemote('login', '1.0.0', ['react', '@entry/flags']);
deployRemote('login', '2.0.0', ['react', '@entry/flags'], '^2.0.0');
const later = { '@entry/query': ['static/js/async/a.1.js', 'static/js/async/br.2.js'], [RUNTIME_CHUNK]: ['static/js/async/federation.3.js'] };
const runtimePreload = '<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/federation.3.js" />';

describe('preloadTags', () => {
  it('names the shell’s files of a shared module the shell’s start leaves out when the remote consumes it', () => {
    const tags = preloadTags(files, { name: 'taster', version: '1.0.0' }, later);
    expect(tags).toContain('<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/a.1.js" />');
    expect(tags).toContain('<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/br.2.js" />');
    expect(tags).toContain('href="/public/remotes/taster/1.0.0/remoteEntry.js"');
    expect(tags).toContain('href="/public/remotes/taster/1.0.0/static/js/screens.1.js"');
  });

  it('names none of them for a remote that does not consume it', () => {
    const tags = preloadTags(files, { name: 'login', version: '1.0.0' }, later);
    expect(tags).not.toContain('/public/static/js/async/a.1.js');
    expect(tags).toContain('href="/public/remotes/login/1.0.0/remoteEntry.js"');
  });

  it('names the federation runtime’s files first, for any remote that starts through the runtime', () => {
    for (const name of ['login', 'taster']) {
      const tags = preloadTags(files, { name, version: '1.0.0' }, later);
      expect(tags.indexOf(runtimePreload)).toBeGreaterThanOrEqual(0);
      expect(tags.indexOf(runtimePreload)).toBeLessThan(tags.indexOf(`/public/remotes/${name}/1.0.0/remoteEntry.js`));
    }
  });
});

describe('screenStylesheets (ADR 030)', () => {
  it('names the stylesheets of a version’s screens below the site’s root, as the page would hold them for its own remote', () => {
    deployRemote('registration', '5.0.0', ['react'], '^1.0.0', { 'static/css/async/__federation_expose_screens.4.css': '.join{color:red}' });
    expect(screenStylesheets(files, { name: 'registration', version: '5.0.0' })).toEqual(['/public/remotes/registration/5.0.0/static/css/async/__federation_expose_screens.4.css']);
    expect(preloadTags(files, { name: 'registration', version: '5.0.0' }, later)).toContain('data-href="static/css/async/__federation_expose_screens.4.css">.join{color:red}</style>');
  });

  it('names none for screens without styles', () => {
    expect(screenStylesheets(files, { name: 'login', version: '1.0.0' })).toEqual([]);
  });
});

describe('verifiedVersion (ADR 030)', () => {
  const provided = new Map([
    ['react', '1.4.0'],
    ['@entry/flags', '1.0.0'],
  ]);

  it('names a servable version’s entry script and stylesheets, once for each version: the next page asks nothing again', () => {
    const first = verifiedVersion(files, { name: 'login', version: '1.0.0' }, provided, later);
    expect(first).toEqual({ script: '/public/remotes/login/1.0.0/remoteEntry.js', stylesheets: [] });
    expect(verifiedVersion(files, { name: 'login', version: '1.0.0' }, provided, later)).toBe(first);
  });

  it('is null for a version the shell cannot serve', () => {
    expect(verifiedVersion(files, { name: 'login', version: '2.0.0' }, provided, later)).toBeNull();
  });
});

describe('verifiedEntryScript', () => {
  const provided = new Map([
    ['react', '1.4.0'],
    ['@entry/flags', '1.0.0'],
  ]);

  it('names the entry script of a version whose shared singletons the shell provides', () => {
    expect(verifiedEntryScript(files, { name: 'login', version: '1.0.0' }, provided)).toBe('/public/remotes/login/1.0.0/remoteEntry.js');
  });

  it('names none for a version that requires what the shell does not have: the browser checks its manifest and falls back', () => {
    expect(verifiedEntryScript(files, { name: 'login', version: '2.0.0' }, provided)).toBeUndefined();
  });
});

describe('a direct script (ADR 027)', () => {
  const provided = new Map([
    ['react', '1.4.0'],
    ['@entry/flags', '1.0.0'],
    ['@entry/query', '1.0.0'],
  ]);
  /** A version built with its screens as a direct script too. */
  const deployDirect = (name: string, version: string, shared: string[], requiredVersion?: string) => {
    deployRemote(name, version, shared, requiredVersion);
    mkdirSync(join(publicDir, 'remotes', name, version, 'direct'), { recursive: true });
    writeFileSync(join(publicDir, 'remotes', name, version, 'direct', 'screens.js'), '(()=>{})();');
  };
  deployDirect('login', '3.0.0', ['react', '@entry/flags']);
  deployDirect('login', '4.0.0', ['react', '@entry/flags'], '^4.0.0');
  deployDirect('taster', '3.0.0', ['react', '@entry/query']);

  it('is named for a version the shell can serve, with the shared modules it consumes that the shell’s start leaves out', () => {
    expect(verifiedDirectScript(files, { name: 'login', version: '3.0.0' }, provided, later)).toEqual({ url: '/public/remotes/login/3.0.0/direct/screens.js', needs: [] });
    expect(verifiedDirectScript(files, { name: 'taster', version: '3.0.0' }, provided, later)).toEqual({
      url: '/public/remotes/taster/3.0.0/direct/screens.js',
      needs: ['@entry/query'],
    });
    expect(verifiedDirectScript(files, { name: 'taster', version: '3.0.0' }, provided, {})?.needs).toEqual([]);
  });

  it('is not named for a version built without one, or one the shell cannot serve', () => {
    expect(verifiedDirectScript(files, { name: 'login', version: '1.0.0' }, provided, later)).toBeUndefined();
    expect(verifiedDirectScript(files, { name: 'login', version: '4.0.0' }, provided, later)).toBeUndefined();
  });

  it('has the page preload the shell’s files of what it needs first, and no runtime', () => {
    const tags = preloadTags(files, { name: 'taster', version: '3.0.0', script: 'remoteEntry.js', direct: 'direct/screens.js' }, later);
    expect(tags).toBe(
      [
        '<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/a.1.js" />',
        '<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/br.2.js" />',
        '<link rel="preload" as="script" fetchpriority="low" href="/public/remotes/taster/3.0.0/direct/screens.js" />',
      ].join(''),
    );
  });

  it('is the one script the page preloads for its remote when the server names it', () => {
    const tags = preloadTags(files, { name: 'login', version: '3.0.0', script: 'remoteEntry.js', direct: 'direct/screens.js' }, later);
    expect(tags).toBe('<link rel="preload" as="script" fetchpriority="low" href="/public/remotes/login/3.0.0/direct/screens.js" />');
    const byRuntime = preloadTags(files, { name: 'login', version: '3.0.0', script: 'remoteEntry.js' }, later);
    expect(byRuntime).toContain('/public/remotes/login/3.0.0/remoteEntry.js');
    expect(byRuntime).toContain(runtimePreload);
  });
});

describe('preloadTags and the remote’s styles', () => {
  it('puts each stylesheet of the screens in the page, named so that the remote’s chunk loader does not fetch it again', () => {
    const folder = join(publicDir, 'remotes', 'registration', '1.0.0');
    mkdirSync(join(folder, 'static', 'css'), { recursive: true });
    writeFileSync(join(folder, 'static', 'css', 'screens.1.css'), '.form{gap:8px}');
    writeFileSync(
      join(folder, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: './screens', assets: { js: { sync: [] }, css: { sync: ['static/css/screens.1.css'] } } }],
        shared: [],
      }),
    );
    expect(preloadTags(files, { name: 'registration', version: '1.0.0' }, {})).toContain(
      '<style data-remote="registration" data-href="static/css/screens.1.css">.form{gap:8px}</style>',
    );
  });
});

describe('preloadTags and the manifest', () => {
  it('preloads the manifest only when the browser is to read it', () => {
    const manifest = 'href="/public/remotes/login/1.0.0/mf-manifest.json"';
    expect(preloadTags(files, { name: 'login', version: '1.0.0' }, {})).toContain(manifest);
    const resolved = preloadTags(files, { name: 'login', version: '1.0.0', script: 'http://site.test/public/remotes/login/1.0.0/remoteEntry.js' }, {});
    expect(resolved).not.toContain(manifest);
    expect(resolved).toContain('href="/public/remotes/login/1.0.0/remoteEntry.js"');
  });
});

describe('readSharedAssets', () => {
  it('reads the shell build’s list, and takes a shell build without one as leaving nothing out', () => {
    expect(readSharedAssets(files)).toEqual({});
    writeFileSync(join(publicDir, SHARED_ASSETS), JSON.stringify(later));
    expect(readSharedAssets(files)).toEqual(later);
  });
});
