import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the page's own scripts have `locator`'s element: React rendered or hydrated it. A page
 * composed ahead (by the server, or for a static host) shows it before any script has run, so being
 * visible says nothing of whether the screen works yet.
 */
export const expectRunning = async (locator: Locator, timeout = 10_000): Promise<void> => {
  await expect(locator).toBeVisible({ timeout });
  await expect
    // A page that reloads into other versions meanwhile (delivery.spec.ts) destroys the element: ask again.
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))).catch(() => false), { timeout })
    .toBe(true);
};

/**
 * In the page: whether its scripts have it, that is React has rendered or hydrated the root's content
 * (any of its elements: a <title> rendered in the page is hoisted, not hydrated). Pages without a root
 * (the server's stand-in at /) have nothing to wait for.
 */
export const pageIsRunning = (): boolean => {
  const root = document.getElementById('root');
  return !root || Array.from(root.children).some((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
};

type FederationGlobal = {
  __FEDERATION__?: { __INSTANCES__: { name: string; moduleCache: Map<string, { remoteInfo: { entry: string } }> }[] };
};

/**
 * The version of `remote` the page has loaded: the entry its federation runtime loaded it from, or else
 * the direct script (ADR 027) it started it from, the last that arrived.
 */
export const loadedVersion = (page: Page, remote: string): Promise<string | undefined> =>
  page.evaluate((name) => {
    const shell = (globalThis as unknown as FederationGlobal).__FEDERATION__?.__INSTANCES__.find((instance) => instance.name === 'shell');
    const direct = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes(`/remotes/${name}/`) && /\/direct\/screens\.js(\?|$)/.test(entry.name) && (entry as PerformanceResourceTiming).responseStatus === 200)
      .at(-1)?.name;
    const entry = shell?.moduleCache.get(name)?.remoteInfo.entry ?? direct;
    return entry ? /\/remotes\/[^/]+\/([^/]+)\//.exec(entry)?.[1] : undefined;
  }, remote);
