import { describe, expect, it, vi } from 'vitest';
import { loadBeacon } from './load-beacon.ts';
import type { RemoteRegistry } from './remote-registry.ts';

const remote = (extra: object) => ({ version: '2.0.0', entry: 'x', source: 'live' as const, fallback: null, ...extra });
const registry = {
  registration: remote({ canaryRunning: true }),
  login: remote({}),
  taster: remote({ source: 'override' }),
  assessments: remote({}),
} as RemoteRegistry;

describe('loadBeacon', () => {
  it('counts every load of a remote with a canary running, at rate 1', () => {
    const send = vi.fn();
    loadBeacon(registry, () => 0.99, send)('registration', '2.0.0');
    expect(send).toHaveBeenCalledWith({ remote: 'registration', version: '2.0.0', sample: 1 });
  });

  it('samples one load in ten of the others, and says so', () => {
    const send = vi.fn();
    const beacon = loadBeacon(registry, () => 0.5, send);
    beacon('login', '2.0.0');
    expect(send).not.toHaveBeenCalled();
    loadBeacon(registry, () => 0.05, send)('login', '2.0.0');
    expect(send).toHaveBeenCalledWith({ remote: 'login', version: '2.0.0', sample: 0.1 });
  });

  it("never counts a developer's override", () => {
    const send = vi.fn();
    loadBeacon(registry, () => 0, send)('taster', 'localhost:3003');
    expect(send).not.toHaveBeenCalled();
  });
});
