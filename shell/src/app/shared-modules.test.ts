import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { shareScope, SHARED_MODULES, SHARED_VERSIONS } from './shared-modules.ts';

describe('the share scope the shell provides', () => {
  it('offers every shared module of the federation’s policy, at the version this build holds, as a singleton taken whatever range is asked', () => {
    const query = { queryClient: 'the shell’s' };
    const scope = shareScope({ held: { '@entry/query': query } });
    expect(Object.keys(scope).sort()).toEqual(Object.keys(SHARED_VERSIONS).sort());
    for (const [name, entry] of Object.entries(scope)) {
      expect(entry.version).toBe(SHARED_VERSIONS[name]);
      expect(entry.shareConfig).toEqual({ singleton: true, requiredVersion: false });
    }
    expect((scope.react as { lib: () => unknown }).lib()).toBe(SHARED_MODULES.react);
    expect(SHARED_MODULES.react).toBe(React);
    expect((scope['@entry/query'] as { lib: () => unknown }).lib()).toBe(query);
  });

  it('gives a lazy module by a getter that loads it only when a remote asks', async () => {
    const query = { queryClient: 'loaded' };
    let loads = 0;
    const scope = shareScope({ lazy: { '@entry/query': async () => ((loads += 1), query) } });
    const entry = scope['@entry/query'] as { get: () => Promise<() => unknown>; lib?: unknown };
    expect(entry.lib).toBeUndefined();
    expect(loads).toBe(0);
    expect((await entry.get())()).toBe(query);
    expect(loads).toBe(1);
  });

  it('refuses a shared module it has no copy of, rather than let a remote bring a second one', () => {
    expect(() => shareScope({})).toThrow('The shell has no copy of the shared @entry/query');
  });
});
