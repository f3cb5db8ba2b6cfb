import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SCREENS_EXPOSE, type RemoteName, type RemoteScreens } from '@entry/routes';
import { sharedScope } from './shared-scope.ts';

/** Where a published version keeps its server build: beside its browser build, in the same version folder. */
export const serverEntryOf = (publicDir: string, remote: RemoteName, version: string): string =>
  join(publicDir, 'remotes', remote, version, 'server', 'remoteEntry.js');

/**
 * Loads a remote's entry from the deployment's own folder as a Node module: its chunks then load
 * from the files beside it, and nothing goes over the network.
 */
const localEntry: ModuleFederationRuntimePlugin = {
  name: 'entry-local-server-entry',
  loadEntry: async ({ remoteInfo }) => {
    const module = (await import(/* webpackIgnore: true */ remoteInfo.entry)) as { default?: unknown };
    return (module.default ?? module) as never;
  },
};

const loaded = new Map<string, Promise<RemoteScreens<RemoteName>>>();

/**
 * A remote's screens, from the server build of one version. Each version gets a federation instance
 * of its own, so a canary and the live version render side by side for different visitors; each
 * shares this renderer's React and platform packages. A failed load is forgotten, so a version
 * deployed again is tried again.
 */
export const loadServerScreens = (publicDir: string, remote: RemoteName, version: string): Promise<RemoteScreens<RemoteName>> => {
  const key = `${remote}@${version}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  const instance = createInstance({
    name: `shell_ssr_${loaded.size}`,
    remotes: [{ name: remote, entry: pathToFileURL(serverEntryOf(publicDir, remote, version)).href }],
    shared: sharedScope(),
    plugins: [localEntry],
  });
  const screens = instance.loadRemote<RemoteScreens<RemoteName>>(`${remote}/${SCREENS_EXPOSE}`).then((module) => {
    if (!module?.screens) throw new Error(`${key} exposes no screens to the server`);
    return module;
  });
  loaded.set(key, screens);
  screens.catch(() => loaded.delete(key));
  return screens;
};
