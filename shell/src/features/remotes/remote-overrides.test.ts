import { describe, expect, it, vi } from 'vitest';
import { loopbackUrl, readOverrides } from './remote-overrides.ts';
import { memoryStorage } from '../../test-support/memory-storage.ts';

describe('remote overrides', () => {
  it('points a remote at a local dev server and keeps it for the tab', () => {
    const storage = memoryStorage();
    const warn = vi.fn();
    expect(readOverrides('?remoteOverride=registration=http://localhost:3002/mf-manifest.json', storage, warn)).toEqual({
      registration: 'http://localhost:3002/mf-manifest.json',
    });
    expect(readOverrides('', storage, warn)).toEqual({ registration: 'http://localhost:3002/mf-manifest.json' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops one override with an empty URL, and all with clear', () => {
    const storage = memoryStorage();
    readOverrides('?remoteOverride=login=http://127.0.0.1:3001/mf-manifest.json&remoteOverride=taster=http://localhost:3003/mf-manifest.json', storage, vi.fn());
    expect(Object.keys(readOverrides('?remoteOverride=login=', storage, vi.fn()))).toEqual(['taster']);
    expect(readOverrides('?remoteOverride=clear', storage, vi.fn())).toEqual({});
  });

  it('refuses anything but a loopback http(s) URL, and unknown remotes, with a warning', () => {
    const warn = vi.fn();
    const overrides = readOverrides(
      '?remoteOverride=login=https://evil.example/mf-manifest.json&remoteOverride=login=javascript:alert(1)&remoteOverride=shell=http://localhost:1/x',
      memoryStorage(),
      warn,
    );
    expect(overrides).toEqual({});
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toContain('may only point at a dev server on this machine');
    expect(warn.mock.calls[2]?.[0]).toContain('"shell" is not a remote');
  });

  it('ignores stored values that are not loopback URLs', () => {
    const storage = memoryStorage();
    storage.setItem('entry.remote-overrides', JSON.stringify({ login: 'https://evil.example/x', taster: 'http://localhost:3003/mf-manifest.json' }));
    expect(readOverrides('', storage, vi.fn())).toEqual({ taster: 'http://localhost:3003/mf-manifest.json' });
    storage.setItem('entry.remote-overrides', 'not json');
    expect(readOverrides('', storage, vi.fn())).toEqual({});
  });

  it.each([
    ['http://localhost:3002/mf-manifest.json', 'http://localhost:3002/mf-manifest.json'],
    ['http://[::1]:3002/mf-manifest.json', 'http://[::1]:3002/mf-manifest.json'],
    ['http://localhost.evil.example/mf-manifest.json', null],
    ['file:///etc/passwd', null],
    ['not a url', null],
  ])('loopbackUrl(%s) is %s', (value, expected) => {
    expect(loopbackUrl(value)).toBe(expected);
  });
});
