/**
 * The federation's one shared-dependency policy. The shell and every remote build their Module
 * Federation options through `createFederationConfig`, so no app repeats this list.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { moduleFederationPlugin } from '@module-federation/sdk';

const root = dirname(fileURLToPath(import.meta.url));

type PackageJson = { name: string; version: string; dependencies?: Record<string, string> };
const readPackage = (folder: string): PackageJson =>
  JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as PackageJson;

/**
 * Third-party singletons: one copy in the page, versions from the root package.json. React Router,
 * i18next, react-i18next, TanStack Query and Radix Themes are singletons too, but reached only through
 * the platform packages below, which re-export the part the apps use so it is tree-shaken once (ADR 003).
 */
const thirdPartySingletons = ['react', 'react-dom', 'zustand'] as const;

/** Platform packages in `shared/` that hold state or context and so must exist once. */
export const platformPackages = ['api', 'auth', 'federation', 'flags', 'i18n', 'query', 'routes', 'telemetry', 'ui'] as const;

const rootDependencies = readPackage('.').dependencies ?? {};

const requiredRange = (name: string): string => {
  const range = rootDependencies[name];
  if (!range) throw new Error(`module-federation.config.ts: ${name} is shared but not a root dependency`);
  return range;
};

export const sharedDependencies: Record<string, moduleFederationPlugin.SharedConfig> = {
  ...Object.fromEntries(
    thirdPartySingletons.map((name) => [name, { singleton: true, requiredVersion: requiredRange(name) }]),
  ),
  ...Object.fromEntries(
    platformPackages.map((folder) => {
      const { name, version } = readPackage(`shared/${folder}`);
      return [name, { singleton: true, requiredVersion: `^${version}`, version }];
    }),
  ),
};

const installedVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as PackageJson).version;

/**
 * The version of each shared module this build holds: what the shell's server renderer offers the
 * remotes it loads on the server, as the shell's browser build offers them in the page.
 */
export const sharedVersions = (): Record<string, string> => ({
  ...Object.fromEntries(thirdPartySingletons.map((name) => [name, installedVersion(name)])),
  ...Object.fromEntries(platformPackages.map((folder) => [readPackage(`shared/${folder}`).name, readPackage(`shared/${folder}`).version])),
});

type AppName = 'login' | 'registration' | 'taster' | 'assessments';

export type FederationOptions = {
  name: AppName;
  exposes?: Record<string, string>;
};

export const createFederationConfig = ({ name, exposes }: FederationOptions) => ({
  name,
  exposes,
  filename: 'remoteEntry.js',
  manifest: true,
  shared: sharedDependencies,
  // No remote entry loads at start-up: the page's own copies win over whatever loaded later.
  shareStrategy: 'loaded-first',
  // Remote URLs come from remotes.json at run time, never from the build.
  remotes: {},
  // The shell types what it loads through the contract in @entry/routes (see ADR 002), so no
  // generated remote types are consumed and the slow dts worker stays off.
  dts: false,
} satisfies moduleFederationPlugin.ModuleFederationPluginOptions);
