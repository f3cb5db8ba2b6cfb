import { DIRECT_SCREENS_GLOBAL, DIRECT_SHARED_GLOBAL, type RemoteName, type RemoteScreens } from '@entry/routes';
import { RemoteFault } from './load-faults.ts';

type PageGlobals = {
  [DIRECT_SHARED_GLOBAL]?: Readonly<Record<string, unknown>>;
  [DIRECT_SCREENS_GLOBAL]?: Partial<Record<string, unknown>>;
};

/**
 * Runs a remote version's direct script (ADR 027) and gives the screens it exposes: the script takes
 * the shell's copy of every shared module from a page global (`shared`, put there first) and leaves
 * its exposed module on another. A script that does not arrive within `timeout` ms, or that runs
 * without leaving screens (it threw), is a failure: the caller then loads the version through the runtime.
 */
export const loadDirectScreens =
  (shared: Readonly<Record<string, unknown>>) =>
  <R extends RemoteName>(name: R, url: string, timeout: number): Promise<RemoteScreens<R>> =>
    new Promise((resolve, reject) => {
      const page = globalThis as typeof globalThis & PageGlobals;
      page[DIRECT_SHARED_GLOBAL] ??= shared;
      const script = document.createElement('script');
      const timer = setTimeout(() => settle(new RemoteFault('unreachable', `${url} timed out after ${timeout} ms`)), timeout);
      const settle = (error?: RemoteFault) => {
        clearTimeout(timer);
        script.onload = script.onerror = null;
        const exposed = page[DIRECT_SCREENS_GLOBAL]?.[name] as RemoteScreens<R> | undefined;
        delete page[DIRECT_SCREENS_GLOBAL]?.[name];
        if (error) reject(error);
        else if (exposed?.screens) resolve(exposed);
        else reject(new RemoteFault('broken', `${url} ran but left no screens for ${name}`));
      };
      script.onload = () => settle();
      script.onerror = () => settle(new RemoteFault('unreachable', `${url} could not be loaded`));
      script.src = url;
      document.head.append(script);
    });
