import * as React from 'react';
import * as runtimeCore from '@module-federation/runtime-core';
import { describe, expect, it } from 'vitest';
import { browserFederation } from './browser-federation.ts';

describe('the page’s federation runtime', () => {
  it('is one instance, the runtime the remotes’ builds use, providing the shell’s own React and loading TanStack Query only when asked', async () => {
    const federation = browserFederation();
    expect(browserFederation()).toBe(federation);
    expect((globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE).toBe(runtimeCore);

    const react = await federation.loadShare<typeof React>('react', { customShareInfo: { shareConfig: { singleton: true, requiredVersion: '^19.0.0' } } });
    expect(react ? react() : undefined).toBe(React);

    const query = await federation.loadShare<{ queryClient: unknown }>('@entry/query');
    expect(query ? query()?.queryClient : undefined).toBeDefined();
  });
});
