import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RemoteFault } from './load-faults.ts';
import { loadGuardPlugin, type FederationGuard } from './load-guard-plugin.ts';
import { createRemoteLoader, FRESH_RELEASE_MS, RemoteLoadError, type LoaderOptions } from './remote-loader.ts';
import type { RemoteRegistry } from './remote-registry.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const target = (name: string, version: string) => ({
  version,
  entry: `http://site.test/public/remotes/${name}/${version}/mf-manifest.json`,
});
const live = (name: string) => ({ ...target(name, '1.0.0'), source: 'live' as const, fallback: null });
const registry: RemoteRegistry = {
  login: live('login'),
  registration: live('registration'),
  taster: live('taster'),
  assessments: live('assessments'),
};
const withFallback: RemoteRegistry = {
  ...registry,
  registration: { ...target('registration', '3.0.0'), source: 'live', fallback: target('registration', '1.0.0') },
};

const screensModule = { screens: { tasterRoot: () => null } };
const fresh = (since: number) => new Date(since).toISOString();

/** A loadRemote that fails for any registration version but the fallback 1.0.0, as `fail` says. */
const failingExceptFallback = (fail: () => Promise<never>) => {
  const entries = new Map<string, string>();
  const federation = fakeFederation(async (id) => {
    if (entries.get(id.split('/')[0] as string)?.includes('/1.0.0/')) return screensModule;
    return fail();
  });
  federation.registerRemotes.mockImplementation((remotes: { name: string; entry: string }[]) => {
    for (const { name, entry } of remotes) entries.set(name, entry);
  });
  return federation;
};

const fakeFederation = (loadRemote: (id: string) => Promise<unknown>) => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(loadRemote),
});

type Federation = Awaited<ReturnType<Parameters<typeof createRemoteLoader>[1]>>;

describe('remote loader', () => {
  it('starts no runtime until a remote is asked for, then registers every remote from the registry', async () => {
    const federation = fakeFederation(async () => screensModule);
    const start = vi.fn(async () => federation as unknown as Federation);
    const loader = createRemoteLoader(registry, start);
    expect(start).not.toHaveBeenCalled();
    await loader.loadScreens('taster');
    expect(start).toHaveBeenCalledTimes(1);
    expect(federation.registerRemotes).toHaveBeenCalledTimes(1);
    expect(federation.registerRemotes).toHaveBeenCalledWith(
      Object.entries(registry).map(([name, { entry }]) => ({ name, entry })),
      { force: true },
    );
    expect(federation.loadRemote).toHaveBeenCalledWith('taster/screens');
  });

  it('asks for the runtime again when its chunk would not arrive, within the same version’s attempts', async () => {
    const federation = fakeFederation(async () => screensModule);
    const start = vi
      .fn<(guard: FederationGuard) => Promise<Federation>>()
      .mockRejectedValueOnce(new Error('Loading chunk federation failed.'))
      .mockResolvedValue(federation as unknown as Federation);
    const loader = createRemoteLoader(registry, start, { wait: async () => undefined });

    await expect(loader.loadScreens('taster')).resolves.toBe(screensModule);
    expect(start).toHaveBeenCalledTimes(2);
    expect(federation.registerRemotes).toHaveBeenCalledTimes(1);
    expect(loader.runningVersion('taster')).toBe('1.0.0');
  });

  it('registers a remote the server resolved by its entry script, not its manifest (ADR 024)', async () => {
    const script = 'http://site.test/public/remotes/login/1.0.0/remoteEntry.js';
    const federation = fakeFederation(async () => screensModule);
    const loader = createRemoteLoader({ ...registry, login: { ...registry.login, script } }, async () => federation as unknown as Federation);
    await expect(loader.loadScreens('login')).resolves.toBe(screensModule);
    expect(federation.registerRemotes.mock.calls[0]?.[0]).toContainEqual({ name: 'login', entry: script });
    expect(federation.registerRemotes.mock.calls[0]?.[0]).toContainEqual({ name: 'taster', entry: registry.taster.entry });
    expect(federation.registerRemotes).toHaveBeenCalledTimes(1);
  });

  describe('a direct script (ADR 027)', () => {
    const direct = 'http://site.test/public/remotes/login/1.0.0/direct/screens.js';
    const script = 'http://site.test/public/remotes/login/1.0.0/remoteEntry.js';
    const withDirect: RemoteRegistry = { ...registry, login: { ...registry.login, script, direct } };
    const loginScreens = { screens: { login: () => null } };
    /** A direct script's loader giving the login's screens, whatever remote it is asked for. */
    const directLoader = () => vi.fn(async () => loginScreens) as ReturnType<typeof vi.fn> & NonNullable<LoaderOptions['loadDirect']>;

    it('gives the screens its direct script exposes, and never starts the runtime', async () => {
      const start = vi.fn(async () => fakeFederation(async () => screensModule) as unknown as Federation);
      const loadDirect = directLoader();
      const loader = createRemoteLoader(withDirect, start, { loadDirect });
      await expect(loader.loadScreens('login')).resolves.toBe(loginScreens);
      expect(loadDirect).toHaveBeenCalledWith('login', direct, expect.any(Number), [], []);
      expect(start).not.toHaveBeenCalled();
      expect(loader.runningVersion('login')).toBe('1.0.0');
    });

    it('passes on the shell’s modules the server said the script needs loaded first', async () => {
      const loadDirect = directLoader();
      const needing: RemoteRegistry = { ...registry, login: { ...withDirect.login, directNeeds: ['@entry/query'] } };
      const loader = createRemoteLoader(needing, async () => fakeFederation(async () => screensModule) as unknown as Federation, { loadDirect });
      await loader.loadScreens('login');
      expect(loadDirect).toHaveBeenCalledWith('login', direct, expect.any(Number), ['@entry/query'], []);
    });

    it('passes on the screens’ stylesheets the server named for a remote the page does not hold (ADR 030)', async () => {
      const loadDirect = directLoader();
      const styles = ['http://site.test/public/remotes/login/1.0.0/static/css/async/__federation_expose_screens.abc.css'];
      const styled: RemoteRegistry = { ...registry, login: { ...withDirect.login, styles } };
      const loader = createRemoteLoader(styled, async () => fakeFederation(async () => screensModule) as unknown as Federation, { loadDirect });
      await loader.loadScreens('login');
      expect(loadDirect).toHaveBeenCalledWith('login', direct, expect.any(Number), [], styles);
    });

    it('loads the same version through the runtime when the direct script fails, and says so', async () => {
      const federation = fakeFederation(async () => screensModule);
      const onDirectFailure = vi.fn();
      const failure = new RemoteFault('broken', 'ran but left no screens');
      const loader = createRemoteLoader(withDirect, async () => federation as unknown as Federation, {
        loadDirect: async () => Promise.reject(failure),
        onDirectFailure,
      });
      await expect(loader.loadScreens('login')).resolves.toBe(screensModule);
      expect(onDirectFailure).toHaveBeenCalledWith('login', failure);
      expect(federation.registerRemotes.mock.calls[0]?.[0]).toContainEqual({ name: 'login', entry: script });
      expect(federation.loadRemote).toHaveBeenCalledWith('login/screens');
      expect(loader.runningVersion('login')).toBe('1.0.0');
    });

    it('is used only for the remote the server named it for: another goes through the runtime', async () => {
      const federation = fakeFederation(async () => screensModule);
      const loadDirect = directLoader();
      const loader = createRemoteLoader(withDirect, async () => federation as unknown as Federation, { loadDirect });
      await expect(loader.loadScreens('registration')).resolves.toBe(screensModule);
      expect(loadDirect).not.toHaveBeenCalled();
      expect(federation.loadRemote).toHaveBeenCalledWith('registration/screens');
    });
  });

  it('retries a resolved entry script past the cache, and falls back to the other version by its manifest', async () => {
    const script = 'http://site.test/public/remotes/registration/3.0.0/remoteEntry.js';
    const entries = new Map<string, string>();
    const federation = fakeFederation(async (id) => {
      if (entries.get(id.split('/')[0] as string)?.includes('/3.0.0/')) throw new Error('network down');
      return screensModule;
    });
    federation.registerRemotes.mockImplementation((remotes: { name: string; entry: string }[]) => {
      for (const { name, entry } of remotes) entries.set(name, entry);
    });
    const onFallback = vi.fn();
    const loader = createRemoteLoader(
      { ...withFallback, registration: { ...withFallback.registration, script } },
      async () => federation as unknown as Federation,
      { wait: async () => undefined, onFallback, probe: async () => 200 },
    );
    await expect(loader.loadScreens('registration')).resolves.toBe(screensModule);
    const registered = federation.registerRemotes.mock.calls.slice(1).map(([remotes]) => remotes[0].entry as string);
    expect(registered[0]).toMatch(/^http:\/\/site\.test\/public\/remotes\/registration\/3\.0\.0\/remoteEntry\.js\?t=\d+$/);
    expect(registered.at(-1)).toBe('http://site.test/public/remotes/registration/1.0.0/mf-manifest.json');
    expect(onFallback).toHaveBeenCalledWith(expect.objectContaining({ remote: 'registration', from: '3.0.0', to: '1.0.0' }));
    expect(loader.runningVersion('registration')).toBe('1.0.0');
  });

  it('retries after 1, 2 and 4 s with a cache-busting manifest URL, then gives up and reports', async () => {
    const waits: number[] = [];
    const onGiveUp = vi.fn();
    const federation = fakeFederation(async () => {
      throw new Error('network down');
    });
    const loader = createRemoteLoader(registry, async () => federation as unknown as Federation, {
      wait: async (ms) => {
        waits.push(ms);
      },
      onGiveUp,
    });

    await expect(loader.loadScreens('taster')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(federation.loadRemote).toHaveBeenCalledTimes(4);
    expect(federation.loadRemote).toHaveBeenCalledWith('taster/screens');
    const reRegistered = federation.registerRemotes.mock.calls.slice(1).map(([remotes]) => remotes[0].entry as string);
    expect(reRegistered).toHaveLength(3);
    for (const entry of reRegistered) expect(entry).toMatch(/^http:\/\/site\.test\/public\/remotes\/taster\/1\.0\.0\/mf-manifest\.json\?t=\d+$/);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(onGiveUp.mock.calls[0]?.[0]).toMatchObject({ remote: 'taster' });
  });

  it('recovers on a later attempt and keeps the loaded module', async () => {
    let calls = 0;
    const federation = fakeFederation(async () => {
      calls += 1;
      if (calls < 3) throw new Error('flaky');
      return screensModule;
    });
    const loader = createRemoteLoader(registry, async () => federation as unknown as Federation, { wait: async () => undefined });
    await expect(loader.loadScreens('taster')).resolves.toBe(screensModule);
    await expect(loader.loadScreens('taster')).resolves.toBe(screensModule);
    expect(federation.loadRemote).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failure: the visitor’s retry starts a fresh round', async () => {
    let fail = true;
    const federation = fakeFederation(async () => {
      if (fail) throw new Error('down');
      return screensModule;
    });
    const loader = createRemoteLoader(registry, async () => federation as unknown as Federation, { wait: async () => undefined });
    await expect(loader.loadScreens('taster')).rejects.toThrow('The taster remote could not be loaded');
    fail = false;
    await expect(loader.loadScreens('taster')).resolves.toBe(screensModule);
  });

  it('treats a module without screens as a failure', async () => {
    const federation = fakeFederation(async () => ({}));
    const loader = createRemoteLoader(registry, async () => federation as unknown as Federation, { wait: async () => undefined });
    await expect(loader.loadScreens('login')).rejects.toBeInstanceOf(RemoteLoadError);
  });

  it('falls back to the last known good version after the retries, and says so', async () => {
    const onFallback = vi.fn();
    const onGiveUp = vi.fn();
    const entries = new Map<string, string>();
    const federation = fakeFederation(async (id) => {
      if (entries.get(id.split('/')[0] as string)?.includes('/3.0.0/')) throw new Error('404 remoteEntry.js');
      return screensModule;
    });
    federation.registerRemotes.mockImplementation((remotes: { name: string; entry: string }[]) => {
      for (const { name, entry } of remotes) entries.set(name, entry);
    });
    const loader = createRemoteLoader(withFallback, async () => federation as unknown as Federation, {
      wait: async () => undefined,
      onFallback,
      onGiveUp,
    });

    await expect(loader.loadScreens('registration')).resolves.toBe(screensModule);
    expect(federation.loadRemote).toHaveBeenCalledTimes(5);
    expect(federation.registerRemotes).toHaveBeenLastCalledWith([{ name: 'registration', entry: withFallback.registration.fallback?.entry }], {
      force: true,
    });
    expect(onFallback).toHaveBeenCalledWith(expect.objectContaining({ remote: 'registration', from: '3.0.0', to: '1.0.0' }));
    expect(onGiveUp).not.toHaveBeenCalled();
    expect(loader.runningVersion('registration')).toBe('1.0.0');
  });

  it('gives up when the fallback will not load either', async () => {
    const onGiveUp = vi.fn();
    const federation = fakeFederation(async () => {
      throw new Error('everything down');
    });
    const loader = createRemoteLoader(withFallback, async () => federation as unknown as Federation, { wait: async () => undefined, onGiveUp });
    await expect(loader.loadScreens('registration')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(federation.loadRemote).toHaveBeenCalledTimes(5);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(loader.runningVersion('registration')).toBeUndefined();
  });

  it('knows which version runs once loaded', async () => {
    const loader = createRemoteLoader(registry, async () => fakeFederation(async () => screensModule) as unknown as Federation);
    expect(loader.runningVersion('taster')).toBeUndefined();
    await loader.loadScreens('taster');
    expect(loader.runningVersion('taster')).toBe('1.0.0');
  });

  it.each([
    ['a missing manifest', () => new RemoteFault('missing', 'mf-manifest.json answered 404'), 'missing'],
    ['an entry that throws while evaluating', () => new Error('[ Federation Runtime ]: RUNTIME-008 ScriptExecutionError: Script loaded but threw'), 'broken'],
    ['shared versions the shell does not provide', () => new RemoteFault('incompatible', 'requires react ^18.2.0'), 'incompatible'],
  ])('goes to the fallback at once for %s, without retrying', async (_, error, fault) => {
    const onFallback = vi.fn();
    const wait = vi.fn(async () => undefined);
    const federation = failingExceptFallback(async () => {
      throw error();
    });
    const loader = createRemoteLoader(withFallback, async () => federation as unknown as Federation, { wait, onFallback });

    await expect(loader.loadScreens('registration')).resolves.toBe(screensModule);
    expect(federation.loadRemote).toHaveBeenCalledTimes(2);
    expect(wait).not.toHaveBeenCalled();
    expect(onFallback).toHaveBeenCalledWith(expect.objectContaining({ from: '3.0.0', to: '1.0.0', fault }));
  });

  /** On fake timers: how long the registration's screens took to load, if they did within `ms`. */
  const registrationLoadTime = async (loader: ReturnType<typeof createRemoteLoader>, ms: number) => {
    const started = Date.now();
    let doneAt = started;
    void loader.loadScreens('registration').then(() => {
      doneAt = Date.now();
    });
    await vi.advanceTimersByTimeAsync(ms);
    return doneAt - started;
  };

  it('moves a visitor off a hung version within the budget, so the fallback shows within 10 s', async () => {
    vi.useFakeTimers();
    const federation = failingExceptFallback(() => new Promise<never>(() => undefined));
    const loader = createRemoteLoader(withFallback, async () => federation as unknown as Federation);

    const took = await registrationLoadTime(loader, 10_000);

    expect(took).toBeGreaterThan(0);
    expect(took).toBeLessThanOrEqual(6000);
    expect(loader.runningVersion('registration')).toBe('1.0.0');
  });

  it('counts a hung direct script in the version’s budget: the fallback still shows within 10 s (ADR 027)', async () => {
    vi.useFakeTimers();
    const federation = failingExceptFallback(() => new Promise<never>(() => undefined));
    const direct = 'http://site.test/public/remotes/registration/3.0.0/direct/screens.js';
    const loadDirect = (async (_name: string, _url: string, timeout: number) => {
      await new Promise((resolve) => setTimeout(resolve, timeout));
      throw new RemoteFault('unreachable', `${direct} timed out after ${timeout} ms`);
    }) as NonNullable<LoaderOptions['loadDirect']>;
    const loader = createRemoteLoader({ ...withFallback, registration: { ...withFallback.registration, direct } }, async () => federation as unknown as Federation, {
      loadDirect,
    });

    const took = await registrationLoadTime(loader, 12_000);

    expect(took).toBeGreaterThan(0);
    expect(took).toBeLessThanOrEqual(7000);
    expect(loader.runningVersion('registration')).toBe('1.0.0');
  });

  it('retries a network fault while the budget allows when there is a fallback', async () => {
    vi.useFakeTimers();
    const federation = failingExceptFallback(async () => {
      throw new Error('ScriptNetworkError: Failed to load script');
    });
    const loader = createRemoteLoader(withFallback, async () => federation as unknown as Federation);
    const loaded = loader.loadScreens('registration');

    await vi.advanceTimersByTimeAsync(10_000);

    await expect(loaded).resolves.toBe(screensModule);
    // After 1 and 2 s; a third retry after 4 s more would end past the 6 s budget.
    expect(federation.loadRemote).toHaveBeenCalledTimes(4);
  });

  it('tells a deleted entry from a network fault by asking for it again', async () => {
    server.use(
      http.get('http://site.test/public/remotes/registration/3.0.0/mf-manifest.json', () =>
        HttpResponse.json({ name: 'registration', shared: [], metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
      ),
    );
    const probe = vi.fn(async () => 404);
    const onFallback = vi.fn();
    let guard: ModuleFederationRuntimePlugin | undefined;
    const federation = failingExceptFallback(async () => {
      const fetchManifest = guard?.fetch as (url: string, init: RequestInit, info: { name: string }) => Promise<Response>;
      await fetchManifest(withFallback.registration.entry, {}, { name: 'registration' });
      throw new Error('ScriptNetworkError: Failed to load script');
    });
    // The runtime starts with the loader's guard, as the page's does (browser-federation.ts).
    const start = async (loaderGuard: FederationGuard) => {
      guard = loadGuardPlugin({ ...loaderGuard, provided: () => new Map() });
      return federation as unknown as Federation;
    };
    const loader = createRemoteLoader(withFallback, start, { wait: async () => undefined, probe, onFallback });

    await expect(loader.loadScreens('registration')).resolves.toBe(screensModule);
    expect(probe).toHaveBeenCalledWith('http://site.test/public/remotes/registration/3.0.0/remoteEntry.js');
    expect(onFallback).toHaveBeenCalledWith(expect.objectContaining({ fault: 'missing' }));
    expect(federation.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('asks whether the registry moved on when versions are missing, and waits for the reload it starts', async () => {
    const onMissing = vi.fn(async () => true);
    const onGiveUp = vi.fn();
    const federation = fakeFederation(async () => {
      throw new RemoteFault('missing', '404');
    });
    const loader = createRemoteLoader(withFallback, async () => federation as unknown as Federation, { onMissing, onGiveUp });
    let settled = false;
    void loader.loadScreens('registration').finally(() => {
      settled = true;
    });

    await vi.waitFor(() => expect(onMissing).toHaveBeenCalledWith('registration'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('gives up as before when the registry has not moved on', async () => {
    const onGiveUp = vi.fn();
    const federation = fakeFederation(async () => {
      throw new RemoteFault('missing', '404');
    });
    const loader = createRemoteLoader(withFallback, async () => federation as unknown as Federation, { onMissing: async () => false, onGiveUp });

    await expect(loader.loadScreens('registration')).rejects.toMatchObject({ remote: 'registration', fault: 'missing' });
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });
});

describe('a render crash', () => {
  const crashing = (since: string | undefined, source: 'live' | 'canary' = 'live'): RemoteRegistry => ({
    ...withFallback,
    registration: { ...withFallback.registration, source, since },
  });
  const loaded = async (registry: RemoteRegistry, options: Parameters<typeof createRemoteLoader>[2] = {}) => {
    const loader = createRemoteLoader(registry, async () => fakeFederation(async () => screensModule) as unknown as Federation, options);
    await loader.loadScreens('registration');
    return loader;
  };

  it('moves the visitor to the fallback of a fresh release by a reload, and says so', async () => {
    const reloadInto = vi.fn(() => true);
    const onFallback = vi.fn();
    const loader = await loaded(crashing(fresh(Date.now() - 60_000)), { reloadInto, onFallback });

    await expect(loader.recoverFromCrash('registration', new TypeError('x is undefined'))).resolves.toBe(true);
    expect(reloadInto).toHaveBeenCalledWith('registration', '1.0.0');
    expect(onFallback).toHaveBeenCalledWith(expect.objectContaining({ remote: 'registration', from: '3.0.0', to: '1.0.0', fault: 'render' }));
  });

  it('does the same for a canary whatever its age', async () => {
    const reloadInto = vi.fn(() => true);
    const loader = await loaded(crashing(undefined, 'canary'), { reloadInto });

    await expect(loader.recoverFromCrash('registration', new Error('boom'))).resolves.toBe(true);
  });

  it('leaves a long-released version to the component error: the crash is more likely the data', async () => {
    const reloadInto = vi.fn(() => true);
    const loader = await loaded(crashing(fresh(Date.now() - FRESH_RELEASE_MS - 60_000)), { reloadInto });

    await expect(loader.recoverFromCrash('registration', new Error('boom'))).resolves.toBe(false);
    expect(reloadInto).not.toHaveBeenCalled();
  });

  it('shows the component error when the guard refuses another reload', async () => {
    const loader = await loaded(crashing(fresh(Date.now())), { reloadInto: () => false });

    await expect(loader.recoverFromCrash('registration', new Error('boom'))).resolves.toBe(false);
  });

  it('asks whether the registry moved on when a chunk of the remote will not load', async () => {
    const onMissing = vi.fn(async () => true);
    const loader = await loaded(crashing(fresh(Date.now())), { onMissing, reloadInto: () => true });
    const chunkError = Object.assign(new Error('Loading chunk 42 failed. (missing: http://site.test/x.js)'), { name: 'ChunkLoadError' });

    await expect(loader.recoverFromCrash('registration', chunkError)).resolves.toBe(true);
    expect(onMissing).toHaveBeenCalledWith('registration');
  });
});
