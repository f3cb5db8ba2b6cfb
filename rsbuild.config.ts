/**
 * The base every app's rsbuild.config.ts extends (ADR 001). It holds what must be the same in the
 * shell and in every remote; an app adds only its federation options and, for the shell, its
 * development-only registry.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { getUserAgentRegex } from 'browserslist-useragent-regexp';
import type { moduleFederationPlugin } from '@module-federation/sdk';
import { DEV_PORTS, devRemoteRegistry, type DevApp } from './scripts/dev-ports.ts';
import { BASE_PATH } from './shared/routes/src/route-table.ts';
import { trimRadixCss } from './shared/ui/build/radix-css.ts';

const root = dirname(fileURLToPath(import.meta.url));

type FederationOptions = moduleFederationPlugin.ModuleFederationPluginOptions & { name: DevApp };

/** Browsers the root .browserslistrc supports, as a user-agent pattern for the unsupported-browser banner. */
const supportedBrowsers = getUserAgentRegex({ allowHigherVersions: true, path: root }).source;

const baseConfig = (federation: FederationOptions): RsbuildConfig => ({
  plugins: [pluginReact(), pluginModuleFederation(federation)],
  source: {
    entry: { index: './src/index.ts' },
    define: { 'import.meta.env.SUPPORTED_BROWSERS': JSON.stringify(supportedBrowsers) },
  },
  html: { template: join(root, 'index.html') },
  server: { port: DEV_PORTS[federation.name], strictPort: true },
  dev: { lazyCompilation: false },
  tools: { postcss: { postcssOptions: { plugins: [trimRadixCss()] } } },
});

/** The host: served under /public; in development it answers remotes.json itself and proxies the APIs. */
export const createShellConfig = (federation: FederationOptions): RsbuildConfig =>
  defineConfig({
    // The shell's federation runtime is the one remotes use in production builds; browser-only.
    ...baseConfig({ ...federation, experiments: { provideExternalRuntime: true, optimization: { target: 'web' } } }),
    html: { template: join(root, 'index.html'), title: 'Learning platform' },
    output: { assetPrefix: `${BASE_PATH}/` },
    server: {
      ...baseConfig(federation).server,
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

/**
 * A remote: built once with an automatic public path, so the same files work from whichever
 * versioned folder they are deployed to; in development its dev server is its public path.
 */
export const createRemoteConfig = (federation: FederationOptions) =>
  defineConfig(({ command }) => ({
    ...baseConfig({
      ...federation,
      experiments: {
        // A built remote runs inside the shell and uses its federation runtime instead of shipping a
        // second copy (34 KiB gzip); the dev server keeps its own so the remote can also run alone.
        externalRuntime: command === 'build',
        // A remote loads no other remote, so it needs neither remote loading nor manifest snapshots.
        optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
      },
    }),
    html: { template: join(root, 'index.html'), title: `${federation.name} (standalone)` },
    output: { assetPrefix: 'auto' },
    server: { ...baseConfig(federation).server, cors: true, headers: { 'Access-Control-Allow-Origin': '*' } },
    dev: { lazyCompilation: false, assetPrefix: `http://localhost:${DEV_PORTS[federation.name]}/` },
  }));
