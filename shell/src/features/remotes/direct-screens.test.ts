import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIRECT_SCREENS_GLOBAL, DIRECT_SHARED_GLOBAL } from '@entry/routes';
import { RemoteFault } from './load-faults.ts';
import { loadDirectScreens } from './direct-screens.ts';

const URL = 'http://site.test/public/remotes/login/1.0.0/direct/screens.js';
const shared = { react: { version: 'the shell’s' } };
const page = globalThis as Record<string, unknown>;

/** The script the loader adds to the page, which jsdom does not run: the test plays the browser. */
const addedScript = () => {
  const scripts = [...document.head.querySelectorAll<HTMLScriptElement>('script')];
  const script = scripts.at(-1);
  if (!script) throw new Error('no script was added');
  return script;
};

afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
  delete page[DIRECT_SHARED_GLOBAL];
  delete page[DIRECT_SCREENS_GLOBAL];
});

describe('loadDirectScreens (ADR 027)', () => {
  it('puts the shell’s shared modules on the page before the script runs, and gives the screens it left', async () => {
    const screens = { screens: { login: () => null } };
    const loading = loadDirectScreens(shared)('login', URL, 1000);
    const script = addedScript();
    expect(script.src).toBe(URL);
    expect(page[DIRECT_SHARED_GLOBAL]).toBe(shared);
    page[DIRECT_SCREENS_GLOBAL] = { login: screens };
    script.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(screens);
    expect(page[DIRECT_SCREENS_GLOBAL]).toEqual({});
  });

  it('is a broken version when the script ran without leaving screens (it threw)', async () => {
    const loading = loadDirectScreens(shared)('login', URL, 1000);
    addedScript().dispatchEvent(new Event('load'));
    await expect(loading).rejects.toEqual(expect.objectContaining({ fault: 'broken' }));
  });

  it('is unreachable when the script does not arrive', async () => {
    const loading = loadDirectScreens(shared)('login', URL, 1000);
    addedScript().dispatchEvent(new Event('error'));
    const error = await loading.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RemoteFault);
    expect(error).toEqual(expect.objectContaining({ fault: 'unreachable' }));
  });

  it('gives up after its time, as unreachable', async () => {
    vi.useFakeTimers();
    const loading = loadDirectScreens(shared)('login', URL, 1000);
    const outcome = loading.catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toEqual(expect.objectContaining({ fault: 'unreachable', message: expect.stringMatching(/timed out after 1000 ms/) }));
  });

  it('loads the shell’s modules the script needs before adding it, and puts them beside the others', async () => {
    const query = { queryClient: 'the shell’s' };
    let arrive: (module: unknown) => void = () => undefined;
    const lazy = { '@entry/query': vi.fn(() => new Promise<unknown>((resolve) => (arrive = resolve))) };
    const screens = { screens: { tasterRoot: () => null } };
    const loading = loadDirectScreens(shared, lazy)('taster', URL, 1000, ['@entry/query']);
    expect(document.head.querySelector('script')).toBeNull();
    arrive(query);
    await vi.waitFor(() => expect(document.head.querySelector('script')).not.toBeNull());
    expect(page[DIRECT_SHARED_GLOBAL]).toEqual({ ...shared, '@entry/query': query });
    page[DIRECT_SCREENS_GLOBAL] = { taster: screens };
    addedScript().dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(screens);
    expect(lazy['@entry/query']).toHaveBeenCalledTimes(1);
  });

  it('adds no script when a module it needs cannot be had: unreachable if it would not load, incompatible if the shell has none', async () => {
    const failing = { '@entry/query': async () => Promise.reject(new Error('Loading chunk query failed.')) };
    await expect(loadDirectScreens(shared, failing)('taster', URL, 1000, ['@entry/query'])).rejects.toEqual(expect.objectContaining({ fault: 'unreachable' }));
    await expect(loadDirectScreens(shared, {})('taster', URL, 1000, ['@entry/charts'])).rejects.toEqual(expect.objectContaining({ fault: 'incompatible' }));
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('counts the loading of what it needs in its time', async () => {
    vi.useFakeTimers();
    const hanging = { '@entry/query': () => new Promise<unknown>(() => undefined) };
    const outcome = loadDirectScreens(shared, hanging)('taster', URL, 1000, ['@entry/query']).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toEqual(expect.objectContaining({ fault: 'unreachable', message: expect.stringMatching(/timed out after 1000 ms/) }));
    expect(document.head.querySelector('script')).toBeNull();
  });

  describe('with the screens’ stylesheets (ADR 030)', () => {
    const STYLE = 'http://site.test/public/remotes/registration/1.0.0/static/css/async/__federation_expose_screens.abc.css';
    const addedLink = () => {
      const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
      if (!link) throw new Error('no stylesheet was linked');
      return link;
    };

    it('links them beside the script, and gives the screens only once their rules apply', async () => {
      const screens = { screens: { registerRoot: () => null } };
      let given = false;
      const loading = loadDirectScreens(shared)('registration', URL, 1000, [], [STYLE]).then((module) => {
        given = true;
        return module;
      });
      expect(addedLink().href).toBe(STYLE);
      page[DIRECT_SCREENS_GLOBAL] = { registration: screens };
      addedScript().dispatchEvent(new Event('load'));
      await Promise.resolve();
      expect(given).toBe(false);
      addedLink().dispatchEvent(new Event('load'));
      await expect(loading).resolves.toBe(screens);
    });

    it('links none the page links already', async () => {
      const present = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: STYLE });
      document.head.append(present);
      const screens = { screens: { registerRoot: () => null } };
      const loading = loadDirectScreens(shared)('registration', URL, 1000, [], [STYLE]);
      expect(document.head.querySelectorAll('link')).toHaveLength(1);
      page[DIRECT_SCREENS_GLOBAL] = { registration: screens };
      addedScript().dispatchEvent(new Event('load'));
      await expect(loading).resolves.toBe(screens);
    });

    it('is unreachable when one does not arrive, which it takes out again for the runtime’s way to link afresh', async () => {
      const loading = loadDirectScreens(shared)('registration', URL, 1000, [], [STYLE]);
      addedLink().dispatchEvent(new Event('error'));
      await expect(loading).rejects.toEqual(expect.objectContaining({ fault: 'unreachable', message: expect.stringContaining(STYLE) }));
      expect(document.head.querySelector('link')).toBeNull();
    });

    it('counts them in its time', async () => {
      vi.useFakeTimers();
      const outcome = loadDirectScreens(shared)('registration', URL, 1000, [], [STYLE]).catch((caught: unknown) => caught);
      page[DIRECT_SCREENS_GLOBAL] = { registration: { screens: {} } };
      addedScript().dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(1000);
      expect(await outcome).toEqual(expect.objectContaining({ fault: 'unreachable', message: expect.stringMatching(/timed out after 1000 ms/) }));
    });
  });

  it('keeps the shared modules a page already holds', () => {
    const earlier = { react: { version: 'earlier' } };
    page[DIRECT_SHARED_GLOBAL] = earlier;
    void loadDirectScreens(shared)('login', URL, 1000).catch(() => undefined);
    expect(page[DIRECT_SHARED_GLOBAL]).toBe(earlier);
  });
});
