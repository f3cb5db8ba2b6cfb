import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { createInstance, registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SCREENS_EXPOSE, type RemoteName, type RemoteScreens } from '@entry/routes';
import { sharedScope } from './shared-scope.ts';
import type { SiteFiles } from './site-files.ts';

/** Where a published version keeps its server build: beside its browser build, in the same version folder. */
const serverEntryPath = (remote: RemoteName, version: string): string => `remotes/${remote}/${version}/server/remoteEntry.js`;

/**
 * Loads a remote's entry from the deployment's own folder as a Node module: its chunks then load
 * from the files beside it, and nothing goes over the network.
 */
const folderEntry: ModuleFederationRuntimePlugin = {
  name: 'entry-folder-server-entry',
  loadEntry: async ({ remoteInfo }) => {
    const module = (await import(/* webpackIgnore: true */ remoteInfo.entry)) as { default?: unknown };
    return (module.default ?? module) as never;
  },
};

/**
 * Files held in memory are named by addresses on a host no network has (RFC 2606's `.invalid`): the
 * remote's Node runtime (@module-federation/node) loads the chunks of an entry with such an address
 * through the federation's `fetch` hook, which answers from memory, so nothing is read from a disk or fetched.
 */
const MEMORY_HOST = '.site.invalid';
const memorySites = new Map<string, SiteFiles>();

const memoryPathOf = (address: string): { files: SiteFiles; path: string } | null => {
  const url = new URL(address);
  const files = memorySites.get(url.host);
  return files ? { files, path: decodeURIComponent(url.pathname.slice(1)) } : null;
};

const readFromMemory = (address: string): string => {
  const found = memoryPathOf(address);
  const text = found && found.files.read(found.path);
  if (text === null || text === undefined) throw new Error(`${address} is not among the site's files held in memory`);
  return text;
};

/** Only Node's own modules: a remote's server build held in memory requires nothing from a disk. */
const builtinRequire = (id: string): unknown => {
  const module = process.getBuiltinModule(id);
  if (!module) throw new Error(`A remote's server build may require only Node's own modules, not ${id}`);
  return module;
};

/** The entry of a remote version held in memory, run as Node runs a CommonJS module, with an address for its folder. */
const memoryEntry: ModuleFederationRuntimePlugin = {
  name: 'entry-memory-server-entry',
  loadEntry: async ({ remoteInfo }) => {
    const source = readFromMemory(remoteInfo.entry);
    const module = { exports: {} as unknown };
    const run = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: remoteInfo.entry }).runInThisContext() as (
      ...args: unknown[]
    ) => void;
    run(module.exports, builtinRequire, module, remoteInfo.entry, new URL('.', remoteInfo.entry).pathname);
    return module.exports as never;
  },
};

/** Every federation instance's chunk requests for an address of files held in memory, answered from them (registered once). */
let answeringFromMemory = false;
const answerFromMemory = () => {
  if (answeringFromMemory) return;
  answeringFromMemory = true;
  registerGlobalPlugins([
    {
      name: 'entry-memory-server-chunks',
      fetch: (address) => (memoryPathOf(address) ? new Promise<Response>((resolve) => resolve(new Response(readFromMemory(address)))) : undefined),
    },
  ]);
};

const entryOf = (files: SiteFiles, remote: RemoteName, version: string): { entry: string; plugin: ModuleFederationRuntimePlugin } => {
  if (files.dir !== undefined) return { entry: pathToFileURL(join(files.dir, serverEntryPath(remote, version))).href, plugin: folderEntry };
  answerFromMemory();
  const host = `${memorySites.size}${MEMORY_HOST}`;
  memorySites.set(host, files);
  return { entry: `https://${host}/${serverEntryPath(remote, version)}`, plugin: memoryEntry };
};

const loaded = new Map<string, Promise<RemoteScreens<RemoteName>>>();

/**
 * A remote's screens, from the server build of one version: from the deploy folder, or from the files a
 * composition node holds in memory (one version of a remote per thread: the Node runtime finds a chunk's
 * address by the remote's name). Each version gets a federation instance of its own, so a canary and the
 * live version render side by side for different visitors; each shares this renderer's React and
 * platform packages. A failed load is forgotten, so a version deployed again is tried again.
 */
export const loadServerScreens = (files: SiteFiles, remote: RemoteName, version: string): Promise<RemoteScreens<RemoteName>> => {
  const key = `${remote}@${version}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  const { entry, plugin } = entryOf(files, remote, version);
  const instance = createInstance({
    name: `shell_ssr_${loaded.size}`,
    remotes: [{ name: remote, entry }],
    shared: sharedScope(),
    plugins: [plugin],
  });
  const screens = instance.loadRemote<RemoteScreens<RemoteName>>(`${remote}/${SCREENS_EXPOSE}`).then((module) => {
    if (!module?.screens) throw new Error(`${key} exposes no screens to the server`);
    return module;
  });
  loaded.set(key, screens);
  screens.catch(() => loaded.delete(key));
  return screens;
};
