/**
 * The base every app's rsbuild.config.ts extends (ADR 001). It holds what must be the same in the
 * shell and in every remote; an app adds only its federation options and, for the shell, its
 * development-only registry.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type EnvironmentConfig, type RsbuildConfig, type RsbuildPlugin, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { getUserAgentRegex } from 'browserslist-useragent-regexp';
import type { moduleFederationPlugin } from '@module-federation/sdk';
import { sharedDependencies, sharedVersions } from './module-federation.config.ts';
import { DEV_PORTS, devRemoteRegistry, type DevApp } from './scripts/dev-ports.ts';
import { deterministicBuild } from './shared/federation/build/deterministic-build.ts';
import { DIRECT_SCREENS_GLOBAL, DIRECT_SCREENS_SCRIPT, DIRECT_SHARED_GLOBAL, SCREENS_EXPOSE } from './shared/routes/src/remote-contract.ts';
import { BASE_PATH } from './shared/routes/src/route-table.ts';
import { trimRadixCss } from './shared/ui/build/radix-css.ts';
import { QUERY_CHUNK, RUNTIME_CHUNK, SHARED_ASSETS, type SharedAssets } from './shell/src/server/shared-assets.ts';
import { SERVER_FILES } from './server/src/store/site-source.ts';

const root = dirname(fileURLToPath(import.meta.url));

type FederationOptions = moduleFederationPlugin.ModuleFederationPluginOptions & { name: DevApp };

/** Browsers the root .browserslistrc supports, as a user-agent pattern for the unsupported-browser banner. */
const supportedBrowsers = getUserAgentRegex({ allowHigherVersions: true, path: root }).source;

/**
 * The PUBLIC_ variables the apps read at build time (README, Configuration). Rsbuild defines those that
 * are set; an unset one read as `import.meta.env.PUBLIC_X` became the whole `import.meta.env` object,
 * every PUBLIC_ value in it, the release id among them. Only a minifier folds that away, so a server
 * build changed with every commit (issue 22). Unset, each is defined as `undefined`.
 */
const BUILD_VARIABLES = [
  'PUBLIC_BRAND',
  'PUBLIC_FEEDBACK_URL',
  'PUBLIC_GOOGLE_CLIENT_ID',
  'PUBLIC_GTM_ID',
  'PUBLIC_HUBSPOT_PORTAL_ID',
  'PUBLIC_PAYMENT_PROVIDER',
  'PUBLIC_PREVIEW',
  'PUBLIC_RECAPTCHA_SITE_KEY',
  'PUBLIC_RELEASE_ID',
  'PUBLIC_REMOTE_OVERRIDES',
  'PUBLIC_SENTRY_DSN',
] as const;

/** What every build of the apps' code defines (the bench's bundled login build too). */
export const APP_DEFINE = {
  'import.meta.env.SUPPORTED_BROWSERS': JSON.stringify(supportedBrowsers),
  ...Object.fromEntries(BUILD_VARIABLES.filter((name) => process.env[name] === undefined).map((name) => [`import.meta.env.${name}`, 'undefined'])),
};

/**
 * What every app shares: React, and given `federation`, its federation options for the browser (and,
 * given `server`, for Node as well: the server build of ADR 015 in an `ssr` environment of its own).
 * The shell has neither: it is a host of the federation's runtime alone (ADR 024).
 */
const baseConfig = (name: DevApp, { federation, server }: { federation?: FederationOptions; server?: FederationOptions } = {}): RsbuildConfig => ({
  plugins: [
    pluginReact(),
    deterministicBuild(root),
    ...(federation ? [pluginModuleFederation(federation, { environment: 'web' })] : []),
    ...(server ? [pluginModuleFederation(server, { target: 'node', environment: 'ssr' })] : []),
  ],
  source: {
    entry: { index: './src/index.ts' },
    define: APP_DEFINE,
  },
  html: { template: join(root, 'index.html') },
  server: { port: DEV_PORTS[name], strictPort: true },
  dev: { lazyCompilation: false },
  tools: { postcss: { postcssOptions: { plugins: [trimRadixCss()] } } },
  // `BUILD_SOURCE_MAPS=1 npm run build` writes each script's map beside it, unreferenced from the
  // script (so the scripts and their names are those of a build without): for `scripts/profile-start.ts`.
  output: { sourceMap: { js: process.env.BUILD_SOURCE_MAPS ? 'hidden-source-map' : false, css: false } },
});

/** The environments whose files browsers load: an app's, and a remote's direct screens (ADR 027). */
const BROWSER_BUILDS = ['web', 'direct'];

/** Text files worth compressing: below 1 KiB the headers outweigh the saving. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Every text file of a browser build is published with Brotli and gzip copies beside it (issue 14),
 * compressed once at build time at the highest levels, so the server only picks the one the visitor
 * accepts. Node's zlib does it: output is the same for the same input, so releases stay content-addressed.
 */
export const precompress = (): RsbuildPlugin => ({
  name: 'entry:precompress',
  setup: (api) =>
    api.processAssets({ stage: 'report', environments: BROWSER_BUILDS }, ({ assets, compilation, sources }) => {
      for (const [name, asset] of Object.entries(assets)) {
        // The federation's stats are for tools, never served (and never published: ADR 014).
        if (!COMPRESSIBLE.test(name) || name.endsWith('mf-stats.json') || asset.size() < COMPRESS_FROM_BYTES) continue;
        const content = Buffer.from(asset.source());
        compilation.emitAsset(`${name}.br`, new sources.RawSource(brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })));
        compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(content, { level: 9 })));
      }
    }),
});

/**
 * V8's explicit compile hint (Chrome 136+, issue 23): a script whose first line is
 * `//# allFunctionsCalledOnLoad` has every function compiled as it streams in, on a background thread,
 * instead of each on the main thread at its first call. Most of what a page's scripts hold runs as it
 * starts (the federation's runtime, React DOM's hydration), so every script of a browser build carries
 * it. Added after the minifier, which drops comments, and before the source maps are written, so they
 * still line up. Measured in ADR 024: the federation runtime's main-thread time at 4x fell from about
 * 300 to 130 ms on /public/login, Lighthouse's main-thread time by a fifth.
 */
export const compileHints = (): RsbuildPlugin => ({
  name: 'entry:compile-hints',
  setup: (api) =>
    api.modifyRspackConfig((config, { environment, isProd, rspack }) => {
      if (!BROWSER_BUILDS.includes(environment.name) || !isProd) return;
      (config.plugins ??= []).push(
        new rspack.BannerPlugin({
          banner: '//# allFunctionsCalledOnLoad',
          raw: true,
          include: /\.js$/,
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        }),
      );
    }),
});

/** Copies for browsers and tools, and build analysis that is never published: composing reads none of them. */
const NOT_FOR_COMPOSING = /\.(br|gz|map)$|\.LICENSE\.txt$|(^|\/)mf-stats\.json$/;

/**
 * The list of what composing reads from a build (issue 26): its server build, the stylesheets it
 * puts into pages and a remote's direct script (ADR 027), written as `server/files.json` once every
 * environment is built. A composition node reading the site over plain HTTP (SITE_URL) cannot list
 * a folder: it downloads these files.
 */
const serverFileList = (): RsbuildPlugin => ({
  name: 'entry:server-file-list',
  setup: (api) =>
    api.onAfterBuild(({ environments }) => {
      const [web, ssr] = [environments.web?.distPath, environments.ssr?.distPath];
      // A build whose server build is not published beside its browser build (a static host's, --dist-path) has nothing to list.
      if (!web || !ssr || ssr !== join(web, 'server')) return;
      const below = (dir: string) =>
        (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
          .filter((entry) => entry.isFile())
          .map((entry) => relative(web, join(entry.parentPath, entry.name)).split(sep).join('/'));
      const css = join(web, 'static', 'css');
      // A remote's direct script is read only to know that its version has one (preloads.ts).
      const direct = existsSync(join(web, DIRECT_SCREENS_SCRIPT)) ? [DIRECT_SCREENS_SCRIPT] : [];
      const files = [...below(ssr), ...below(css), ...direct].filter((file) => !NOT_FOR_COMPOSING.test(file) && file !== SERVER_FILES).sort();
      writeFileSync(join(web, SERVER_FILES), `${JSON.stringify({ files })}\n`);
    }),
});

/**
 * What the shell's build says of itself beside index.html. The shell is a host of the federation's
 * runtime alone (ADR 024), with no build plugin to describe it, so this writes:
 * - `mf-manifest.json`, what a federation plugin would have said of it for the release gate and the
 *   store node: its name, and each shared module with the version it provides;
 * - `shared-assets.json`, the files of what its start leaves out: the one shared module (TanStack
 *   Query's, which only a page composed for a remote that uses it preloads) and the federation runtime
 *   (which a page preloads when its remote does not start from a direct script): preloads.ts.
 * Its start needs no list: index.html names every file of its entry as a script (ADR 015).
 */
const hostDescription = (): RsbuildPlugin => ({
  name: 'entry:host-description',
  setup: (api) =>
    api.processAssets({ stage: 'analyse', environments: ['web'] }, ({ compilation, sources }) => {
      const filesOf = (name: string) => {
        const chunks = compilation.namedChunkGroups.get(name)?.chunks;
        if (!chunks) throw new Error(`host-description: the build has no ${name} chunk`);
        return [...chunks].flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
      };
      const later: SharedAssets = { '@entry/query': filesOf(QUERY_CHUNK), [RUNTIME_CHUNK]: filesOf(RUNTIME_CHUNK) };
      compilation.emitAsset(SHARED_ASSETS, new sources.RawSource(`${JSON.stringify(later)}\n`));
      const provided = Object.entries(sharedVersions()).map(([name, version]) => ({
        name,
        version,
        singleton: true,
        requiredVersion: sharedDependencies[name]?.requiredVersion ?? false,
      }));
      compilation.emitAsset('mf-manifest.json', new sources.RawSource(`${JSON.stringify({ name: 'shell', shared: provided, exposes: [], remotes: [] }, null, 2)}\n`));
    }),
});

/**
 * The federation's runtime as ES modules in the browser builds. Its packages' CommonJS builds (which the
 * bundler's injected runtime requires) bring all of @module-federation/sdk with them, though a remote's
 * entry uses two of its names: the ES builds let the bundler keep only what is used. login's
 * remoteEntry.js went from 50.4 to 32.7 KB, 12.7 to 8.6 KiB in Brotli (issue 23: one copy of the SDK per page).
 */
const ESM_FEDERATION_RUNTIME = Object.fromEntries(
  (
    [
      ['@module-federation/sdk', 'dist/index.js'],
      ['@module-federation/error-codes', 'dist/index.mjs'],
      ['@module-federation/webpack-bundler-runtime', 'dist/index.js'],
      ['@module-federation/runtime', 'dist/index.js'],
    ] as const
  ).map(([name, file]) => [`${name}$`, join(root, 'node_modules', name, file)]),
);

/** A build whose chunks `whole` names keep every module they hold, none split into a chunk beside them. */
const wholeChunks =
  (whole: (name: string) => boolean) =>
  (config: Rspack.Configuration) => {
    const splitChunks = config.optimization?.splitChunks;
    if (!splitChunks) return;
    const splittable = (chunk: { name?: string | null }) => !chunk.name || !whole(chunk.name);
    splitChunks.chunks = splittable;
    for (const group of Object.values(splitChunks.cacheGroups ?? {})) if (group && typeof group === 'object') group.chunks = splittable;
  };

/**
 * A remote's exposed module arrives as one file (issue 23): the modules it shares with the remote's
 * standalone page stay in it instead of a chunk of their own, so a page loads the remote's entry and
 * one file, not two. Only the standalone page, which visitors never get, carries its own copy.
 */
const wholeExpose = wholeChunks((name) => name.startsWith('__federation_expose_'));

/**
 * Each of the shell's lazy chunks (TanStack Query's, the federation runtime's) arrives as one file with
 * its packages in it, not beside a vendor chunk of its own: a page that needs one preloads one file
 * (issue 23: 12 requests or fewer at start).
 */
const wholeLazyChunks = wholeChunks((name) => name === QUERY_CHUNK || name === RUNTIME_CHUNK);

/** The host: served under /public; in development it answers remotes.json itself and proxies the APIs. */
export const createShellConfig = (): RsbuildConfig => {
  // No federation build plugin: its code imports what it shares directly, and its runtime
  // (browser-federation.ts) provides it to the remotes and is the one they use.
  const base = baseConfig('shell');
  return defineConfig({
    ...base,
    plugins: [...(base.plugins ?? []), hostDescription(), compileHints(), precompress(), serverFileList()],
    environments: {
      web: { resolve: { alias: ESM_FEDERATION_RUNTIME }, tools: { rspack: wholeLazyChunks } },
      // The server renderer (src/server.ts, ADR 015): one ES module for Node, outside the public folder once assembled.
      ssr: {
        source: { entry: { index: './src/server.ts' } },
        output: { target: 'node', distPath: { root: 'dist/server' }, filename: { js: '[name].mjs' } },
        // Chunks named by their content: a release adds them beside the running ones (index.mjs is swapped).
        tools: { rspack: { output: { chunkFilename: '[id].[contenthash:8].mjs' } } },
      },
    },
    // The versions of the shared modules it provides to the remotes, in the browser as on the server.
    source: { ...base.source, define: { ...APP_DEFINE, ENTRY_SHARED_VERSIONS: JSON.stringify(sharedVersions()) } },
    html: { template: join(root, 'index.html'), title: 'Learning platform' },
    output: { ...base.output, assetPrefix: `${BASE_PATH}/` },
    server: {
      ...base.server,
      base: BASE_PATH,
      setup: ({ action, server }) => {
        if (action !== 'dev') return;
        server.middlewares.use((request, response, next) => {
          if (request.url?.split('?')[0] !== `${BASE_PATH}/remotes.json`) return next();
          response.setHeader('Content-Type', 'application/json');
          response.setHeader('Cache-Control', 'no-store');
          response.end(JSON.stringify(devRemoteRegistry()));
        });
      },
      proxy: Object.fromEntries(
        ['/ms_accounts', '/app-metadata', '/health'].map((path) => [path, `http://localhost:${DEV_PORTS.server}`]),
      ),
    },
    dev: { lazyCompilation: false },
  });
};

/**
 * A remote's server build runs as CommonJS (Module Federation's Node containers are), while the
 * repository's packages are ES modules: a package.json beside it says so to Node.
 */
const commonJsMarker = (): RsbuildPlugin => ({
  name: 'entry:commonjs-marker',
  setup: (api) =>
    api.processAssets({ stage: 'additional', environments: ['ssr'] }, ({ compilation, sources }) => {
      compilation.emitAsset('package.json', new sources.RawSource(`${JSON.stringify({ type: 'commonjs' })}\n`));
    }),
});

/**
 * A remote's screens as one plain script for a composed page to start from without the federation
 * runtime (ADR 027): every shared module is the shell's copy, read from the page global the shell
 * fills before it runs the script (DIRECT_SHARED_GLOBAL), and the exposed module goes on another
 * (DIRECT_SCREENS_GLOBAL) under the remote's name. Written to DIRECT_SCREENS_SCRIPT in the version
 * folder, its lazy chunks beside it, found from the script's own address.
 */
const directScreens = (name: string, screens: string): EnvironmentConfig => {
  return {
    output: {
      target: 'web',
      distPath: { root: `dist/${dirname(DIRECT_SCREENS_SCRIPT)}`, js: '', jsAsync: 'async', css: 'css', cssAsync: 'css/async' },
      filename: { js: '[name].js' },
    },
    // One file for the entry: the shared modules are the shell's, the rest is the screens' own.
    performance: { chunkSplit: { strategy: 'all-in-one' } },
    tools: {
      htmlPlugin: false,
      rspack: (config) => {
        // Only the screens: the standalone page is the browser build's.
        config.entry = { [basename(DIRECT_SCREENS_SCRIPT, '.js')]: screens };
        config.externalsType = 'global';
        config.externals = Object.fromEntries(Object.keys(sharedDependencies).map((module) => [module, [DIRECT_SHARED_GLOBAL, module]]));
        config.output = { ...config.output, library: { type: 'window', name: [DIRECT_SCREENS_GLOBAL, name] }, uniqueName: `${name}-direct` };
      },
    },
  };
};

/**
 * A remote: built once with an automatic public path, so the same files work from whichever
 * versioned folder they are deployed to; in development its dev server is its public path. Its
 * server build (ADR 015) goes to dist/server, so a release publishes both in one version folder.
 */
export const createRemoteConfig = (federation: FederationOptions) =>
  defineConfig(({ command }) => {
    const base = baseConfig(federation.name, {
      federation: {
        ...federation,
        experiments: {
          // A built remote runs inside the shell and uses its federation runtime instead of shipping a
          // second copy (34 KiB gzip); the dev server keeps its own so the remote can also run alone.
          externalRuntime: command === 'build',
          // A remote loads no other remote, so it needs neither remote loading nor manifest snapshots.
          optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
        },
      },
      // The same exposes for Node, with a runtime of their own: the shell's server renderer loads them.
      server: federation,
    });
    const screensModule = (federation.exposes as Record<string, string> | undefined)?.[`./${SCREENS_EXPOSE}`];
    return {
      ...base,
      plugins: [...(base.plugins ?? []), commonJsMarker(), compileHints(), precompress(), serverFileList()],
      environments: {
        web: { resolve: { alias: ESM_FEDERATION_RUNTIME }, tools: { rspack: wholeExpose } },
        ...(command === 'build' && screensModule ? { direct: directScreens(federation.name, screensModule) } : {}),
        ssr: {
          // Only the federation's container: the standalone page is the browser's.
          tools: { rspack: (config) => void (config.entry = {}) },
          // Minified as the browser build is: Rspack writes the federation's absolute paths into comments
          // and local names, which would give the same sources another version id in another folder.
          output: { target: 'node', distPath: { root: 'dist/server' }, minify: true },
        },
      },
      html: { template: join(root, 'index.html'), title: `${federation.name} (standalone)` },
      output: { ...base.output, assetPrefix: 'auto' },
      server: { ...base.server, cors: true, headers: { 'Access-Control-Allow-Origin': '*' } },
      dev: { lazyCompilation: false, assetPrefix: `http://localhost:${DEV_PORTS[federation.name]}/` },
    };
  });
