import { describe, expect, it, vi } from 'vitest';
import { createRemoteLoader, RemoteLoadError } from './remote-loader.ts';
import type { RemoteRegistry } from './remote-registry.ts';

const registry: RemoteRegistry = {
  login: { version: '1.0.0', entry: 'http://site.test/public/remotes/login/1.0.0/mf-manifest.json' },
  registration: { version: '1.0.0', entry: 'http://site.test/public/remotes/registration/1.0.0/mf-manifest.json' },
  taster: { version: '1.0.0', entry: 'http://site.test/public/remotes/taster/1.0.0/mf-manifest.json' },
  assessments: { version: '1.0.0', entry: 'http://site.test/public/remotes/assessments/1.0.0/mf-manifest.json' },
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
});
