import { DIRECT_SCREENS_GLOBAL, DIRECT_SHARED_GLOBAL, type RemoteName, type RemoteScreens } from '@entry/routes';
import { RemoteFault } from './load-faults.ts';

type PageGlobals = {
  [DIRECT_SHARED_GLOBAL]?: Readonly<Record<string, unknown>>;
  [DIRECT_SCREENS_GLOBAL]?: Partial<Record<string, unknown>>;
};

/** The shell's copies of `needs`, each loaded by its entry in `lazy`; one the shell has no copy of is the version's fault. */
const loadNeeds = async (url: string, needs: readonly string[], lazy: Readonly<Record<string, () => Promise<unknown>>>) =>
  Object.fromEntries(
    await Promise.all(
      needs.map(async (module) => {
        const load = lazy[module];
        if (!load) throw new RemoteFault('incompatible', `${url} needs ${module}, which the shell does not load`);
        return [module, await load()] as const;
      }),
    ),
  );

/**
 * Links one of the screens' stylesheets, unless the page links it already: settled once its rules
 * apply. One that will not load is taken out again, so that the runtime's way, which the caller takes
 * next, links it afresh.
 */
const linkStylesheet = (href: string): Promise<void> => {
  const linked = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === href);
  if (linked) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new RemoteFault('unreachable', `${href} could not be loaded`));
    };
    document.head.append(link);
  });
};

/**
 * Runs a remote version's direct script (ADR 027) and gives the screens it exposes: the script takes
 * the shell's copy of every shared module from a page global (`shared`, put there first, with the
 * copies of `needs` the shell's start leaves out, loaded from `lazy` before the script) and leaves its
 * exposed module on another. The screens' `styles`, which a page the server composed for another
 * remote does not hold (ADR 030), are linked at once, beside the script: the screens are given only
 * once their rules apply. A script or stylesheet that does not arrive within `timeout` ms (the needs'
 * loading counted), or a script that runs without leaving screens (it threw), is a failure: the caller
 * then loads the version through the runtime.
 */
export const loadDirectScreens =
  (shared: Readonly<Record<string, unknown>>, lazy: Readonly<Record<string, () => Promise<unknown>>> = {}) =>
  <R extends RemoteName>(name: R, url: string, timeout: number, needs: readonly string[] = [], styles: readonly string[] = []): Promise<RemoteScreens<R>> =>
    new Promise((resolve, reject) => {
      const page = globalThis as typeof globalThis & PageGlobals;
      const script = document.createElement('script');
      const styled = Promise.all(styles.map(linkStylesheet));
      let settled = false;
      const timer = setTimeout(() => settle(new RemoteFault('unreachable', `${url} timed out after ${timeout} ms`)), timeout);
      const settle = (error?: RemoteFault) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        script.onload = script.onerror = null;
        const exposed = page[DIRECT_SCREENS_GLOBAL]?.[name] as RemoteScreens<R> | undefined;
        delete page[DIRECT_SCREENS_GLOBAL]?.[name];
        if (error) reject(error);
        else if (exposed?.screens) resolve(exposed);
        else reject(new RemoteFault('broken', `${url} ran but left no screens for ${name}`));
      };
      const run = (loaded: Record<string, unknown>) => {
        if (settled) return;
        page[DIRECT_SHARED_GLOBAL] ??= shared;
        if (Object.keys(loaded).length > 0) page[DIRECT_SHARED_GLOBAL] = { ...page[DIRECT_SHARED_GLOBAL], ...loaded };
        script.onload = () => void styled.then(() => settle(), settle);
        script.onerror = () => settle(new RemoteFault('unreachable', `${url} could not be loaded`));
        script.src = url;
        document.head.append(script);
      };
      styled.catch(settle);
      // With nothing to load first, the script is added at once.
      if (needs.length === 0) return run({});
      loadNeeds(url, needs, lazy).then(run, (error: unknown) =>
        settle(error instanceof RemoteFault ? error : new RemoteFault('unreachable', `${url}: a module it needs could not be loaded`, { cause: error })),
      );
    });
