import { describe, expect, it } from 'vitest';
import { scrubData } from './scrub-data.ts';

describe('scrubData', () => {
  it('filters values under sensitive keys at any depth, whatever their type', () => {
    const data = {
      user: 'amy',
      body: {
        password: 'hunter2',
        newPassword: 'n3w',
        access_code: 123456,
        credentials: { username: 'a', password: 'b' },
      },
      headers: [{ Authorization: 'Bearer x' }, { 'X-Requested-With': 'XMLHttpRequest' }],
    };
    expect(scrubData(data)).toEqual({
      user: 'amy',
      body: { password: '[Filtered]', newPassword: '[Filtered]', access_code: '[Filtered]', credentials: '[Filtered]' },
      headers: [{ Authorization: '[Filtered]' }, { 'X-Requested-With': 'XMLHttpRequest' }],
    });
  });

  it('filters credentials inside strings under harmless keys', () => {
    expect(scrubData({ url: '/api?token=abc', arguments: ['sent {"password":"x"}', 3] })).toEqual({
      url: '/api?token=[Filtered]',
      arguments: ['sent {"password":"[Filtered]"}', 3],
    });
  });

  it('keeps empty credentials visible, since their absence is useful and reveals nothing', () => {
    expect(scrubData({ password: null, token: undefined })).toEqual({ password: null, token: undefined });
  });

  it('does not change its input', () => {
    const data = { password: 'hunter2' };
    scrubData(data);
    expect(data.password).toBe('hunter2');
  });

  it('survives cycles and very deep data', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(scrubData(cyclic)).toEqual({ name: 'a', self: '[Circular]' });

    let deep: unknown = 'leaf';
    for (let level = 0; level < 20; level += 1) deep = { next: deep };
    expect(JSON.stringify(scrubData(deep))).toContain('"next":"[Filtered]"');
  });

  it('returns numbers, booleans and null unchanged', () => {
    expect(scrubData(42)).toBe(42);
    expect(scrubData(false)).toBe(false);
    expect(scrubData(null)).toBeNull();
  });
});
