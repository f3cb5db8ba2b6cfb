import { describe, expect, it, vi } from 'vitest';
import { createRemoteLoader, RemoteLoadError } from './remote-loader.ts';
import type { RemoteRegistry } from './remote-registry.ts';

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

const fakeFederation = (loadRemote: (id: string) => Promise<unknown>) => ({
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(loadRemote),
});

type Federation = Parameters<typeof createRemoteLoader>[1];

describe('remote loader', () => {
  it('registers every remote from the registry and loads nothing until asked', () => {
    const federation = fakeFederation(async () => screensModule);
    createRemoteLoader(registry, federation as unknown as Federation);
    expect(federation.registerRemotes).toHaveBeenCalledWith(
      Object.entries(registry).map(([name, { entry }]) => ({ name, entry })),
      { force: true },
    );
    expect(federation.loadRemote).not.toHaveBeenCalled();
  });

  it('retries after 1, 2 and 4 s with a cache-busting manifest URL, then gives up and reports', async () => {
    const waits: number[] = [];
    const onGiveUp = vi.fn();
    const federation = fakeFederation(async () => {
      throw new Error('network down');
    });
    const loader = createRemoteLoader(registry, federation as unknown as Federation, {
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
    const loader = createRemoteLoader(registry, federation as unknown as Federation, { wait: async () => undefined });
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
    const loader = createRemoteLoader(registry, federation as unknown as Federation, { wait: async () => undefined });
    await expect(loader.loadScreens('taster')).rejects.toThrow('The taster remote could not be loaded');
    fail = false;
    await expect(loader.loadScreens('taster')).resolves.toBe(screensModule);
  });

  it('treats a module without screens as a failure', async () => {
    const federation = fakeFederation(async () => ({}));
    const loader = createRemoteLoader(registry, federation as unknown as Federation, { wait: async () => undefined });
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
    const loader = createRemoteLoader(withFallback, federation as unknown as Federation, {
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
    const loader = createRemoteLoader(withFallback, federation as unknown as Federation, { wait: async () => undefined, onGiveUp });
    await expect(loader.loadScreens('registration')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(federation.loadRemote).toHaveBeenCalledTimes(5);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(loader.runningVersion('registration')).toBeUndefined();
  });

  it('knows which version runs once loaded', async () => {
    const loader = createRemoteLoader(registry, fakeFederation(async () => screensModule) as unknown as Federation);
    expect(loader.runningVersion('taster')).toBeUndefined();
    await loader.loadScreens('taster');
    expect(loader.runningVersion('taster')).toBe('1.0.0');
  });
});
