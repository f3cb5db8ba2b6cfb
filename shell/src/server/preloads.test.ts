import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadTags, readSharedAssets } from './preloads.ts';
import { SHARED_ASSETS } from './shared-assets.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'preloads-'));

/** A remote version's manifest as Module Federation writes it: its entry, its screens' files, the shared modules it consumes. */
const deployRemote = (name: string, version: string, shared: string[]) => {
  const folder = join(publicDir, 'remotes', name, version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './screens', assets: { js: { sync: ['static/js/screens.1.js'] }, css: { sync: [] } } }],
      shared: shared.map((module) => ({ name: module })),
    }),
  );
};

deployRemote('taster', '1.0.0', ['react', '@entry/query']);
deployRemote('login', '1.0.0', ['react', '@entry/flags']);
const later = { '@entry/query': ['static/js/async/a.1.js', 'static/js/async/br.2.js'] };

describe('preloadTags', () => {
  it('names the shell’s files of a shared module the shell’s start leaves out when the remote consumes it', () => {
    const tags = preloadTags(publicDir, { name: 'taster', version: '1.0.0' }, later);
    expect(tags).toContain('<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/a.1.js" />');
    expect(tags).toContain('<link rel="preload" as="script" fetchpriority="low" href="/public/static/js/async/br.2.js" />');
    expect(tags).toContain('href="/public/remotes/taster/1.0.0/remoteEntry.js"');
    expect(tags).toContain('href="/public/remotes/taster/1.0.0/static/js/screens.1.js"');
  });

  it('names none of them for a remote that does not consume it', () => {
    const tags = preloadTags(publicDir, { name: 'login', version: '1.0.0' }, later);
    expect(tags).not.toContain('/public/static/js/async/');
    expect(tags).toContain('href="/public/remotes/login/1.0.0/remoteEntry.js"');
  });
});

describe('readSharedAssets', () => {
  it('reads the shell build’s list, and takes a shell build without one as leaving nothing out', () => {
    expect(readSharedAssets(publicDir)).toEqual({});
    writeFileSync(join(publicDir, SHARED_ASSETS), JSON.stringify(later));
    expect(readSharedAssets(publicDir)).toEqual(later);
  });
});
