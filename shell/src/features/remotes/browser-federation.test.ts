import * as React from 'react';
import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserFederation } from './browser-federation.ts';

afterEach(() => vi.unstubAllGlobals());

const guard = { timeoutFor: () => 1000, saw: vi.fn(), bust: () => false };

describe('the page’s federation runtime', () => {
  it('is one instance, the runtime the remotes’ builds use, providing the shell’s own React and loading TanStack Query only when asked', async () => {
    const federation = browserFederation(guard);
    expect(browserFederation(guard)).toBe(federation);
    expect((globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE).toBe(runtimeCore);

    const react = await federation.loadShare<typeof React>('react', { customShareInfo: { shareConfig: { singleton: true, requiredVersion: '^19.0.0' } } });
    expect(react ? react() : undefined).toBe(React);

    const query = await federation.loadShare<{ queryClient: unknown }>('@entry/query');
    expect(query ? query()?.queryClient : undefined).toBeDefined();
  });

  it('starts with the loader’s guard, which refuses a manifest whose React this shell does not provide', async () => {
    const plugins = (browserFederation(guard).options.plugins ?? []) as ModuleFederationRuntimePlugin[];
    const fetchManifest = plugins.find(({ name }) => name === 'entry-load-guard')?.fetch as (url: string, init: RequestInit, info: { name: string }) => Promise<Response>;
    const manifest = (requiredVersion: string) => ({
      name: 'login',
      shared: [{ name: 'react', version: requiredVersion.slice(1), singleton: true, requiredVersion }],
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    });
    const url = 'http://site.test/public/remotes/login/1.0.0/mf-manifest.json';
    vi.stubGlobal('fetch', async () => Response.json(manifest('^18.0.0')));
    await expect(fetchManifest(url, {}, { name: 'login' })).rejects.toMatchObject({ fault: 'incompatible' });
    expect(guard.saw).toHaveBeenCalledWith('login', { fault: 'incompatible' });

    vi.stubGlobal('fetch', async () => Response.json(manifest('^19.0.0')));
    await expect(fetchManifest(url, {}, { name: 'login' })).resolves.toBeInstanceOf(Response);
  });
});
