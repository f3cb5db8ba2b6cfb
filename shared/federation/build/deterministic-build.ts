/**
 * The same sources build the same files wherever they are checked out (issue 22), so that a clean
 * checkout gives a remote the same version id (ADR 014) as any other, and a change to one remote leaves
 * the others' ids alone.
 *
 * Module Federation's modules carry the checkout's absolute path where Rspack does not look for paths: a
 * consumed shared module names its fallback (`consume shared module (default) react@^19.3.1 (strict)
 * (fallback: /home/ana/entry/node_modules/react/index.js)`), a provided one its file, and the
 * federation runtime's `data:` module its imports, URL-encoded. Rspack's ids come from identifiers with
 * only loader requests' paths made relative, and it orders some work by a hash of identifiers; so those
 * modules, the chunks holding them and the order of a remote's chunks all changed from one folder to
 * another.
 */
import { createHash } from 'node:crypto';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

const PLUGIN = 'entry:deterministic-build';

/** A module's identifier with the checkout's folder, plain or URL-encoded, written the same everywhere. */
export const checkoutIndependentName = (identifier: string, root: string): string =>
  identifier.replaceAll(root, '<root>').replaceAll(encodeURIComponent(root), '<root>');

const digestNumber = (text: string): number => Number.parseInt(createHash('sha256').update(text).digest('hex').slice(0, 12), 16);

/**
 * Numeric ids from a digest of each name, as Rspack's deterministic ids are: in a range at least ten
 * times the number of names, so that few collide; a name whose id is taken tries again with a salt, in
 * sorted order, so the same names always get the same ids.
 */
export const deterministicIds = (names: readonly string[]): Map<string, number> => {
  const range = 10 ** String(names.length * 10).length;
  const taken = new Set<number>();
  const ids = new Map<string, number>();
  for (const name of [...new Set(names)].sort()) {
    let id = digestNumber(name) % range;
    for (let salt = 1; taken.has(id); salt += 1) id = digestNumber(`${name}\0${salt}`) % range;
    taken.add(id);
    ids.set(name, id);
  }
  return ids;
};

type ManifestWithShared = { shared?: { name: string }[] };

/** A federation manifest with its shared modules by name: the plugin lists them in the order Rspack's module graph hands them over. */
export const sortedManifest = (source: string): string => {
  const manifest = JSON.parse(source) as ManifestWithShared;
  manifest.shared?.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return JSON.stringify(manifest, null, 2);
};

/** Gives every module its id before Rspack's own algorithm runs, which skips modules that have one. */
const moduleIdsPlugin = (root: string): Rspack.RspackPluginInstance => ({
  apply: (compiler) =>
    compiler.hooks.compilation.tap(PLUGIN, (compilation) =>
      compilation.hooks.beforeModuleIds.tap(PLUGIN, (modules) => {
        // In this hook Rspack 2.2 hands proxies whose `identifier` is the string itself, not the method its types declare.
        const named = [...modules].map((module) => ({
          module: module as unknown as { identifier: string; id: number | string | null },
          name: checkoutIndependentName((module as unknown as { identifier: string }).identifier, root),
        }));
        const ids = deterministicIds(named.map(({ name }) => name));
        for (const { module, name } of named) module.id = ids.get(name) as number;
      }),
    ),
});

/** Production builds of every app, browser and server alike, made independent of the checkout's folder. */
export const deterministicBuild = (root: string): RsbuildPlugin => ({
  name: PLUGIN,
  setup: (api) => {
    api.modifyRspackConfig((config, { isProd }) => {
      if (!isProd) return;
      config.plugins = [...(config.plugins ?? []), moduleIdsPlugin(root)];
      // Natural chunk ids follow the chunks' modules, by the ids above; Rspack's hashed ones are named
      // after module identifiers.
      config.optimization = { ...config.optimization, chunkIds: 'natural' };
      if (config.optimization.splitChunks) {
        // Consumed shared modules stay in the chunks that use them instead of a chunk of their own. Rspack
        // counts each as 42 bytes, so groups of them tie, and it breaks ties by a hash of the modules'
        // identifiers: the order of a remote's chunks, written into its remoteEntry.js, changed with the
        // folder. The others keep Rspack's production minimum.
        config.optimization.splitChunks = {
          ...config.optimization.splitChunks,
          minSize: { javascript: 20_000, unknown: 20_000, 'consume-shared': Number.POSITIVE_INFINITY },
        };
      }
    });
    // After the federation writes its manifest (optimize-transfer), before the files are compressed (report).
    api.processAssets({ stage: 'analyse' }, ({ assets, compilation, sources }) => {
      for (const name of Object.keys(assets).filter((file) => file === 'mf-manifest.json')) {
        compilation.updateAsset(name, new sources.RawSource(sortedManifest(assets[name]?.source().toString() ?? '{}')));
      }
    });
  },
});
