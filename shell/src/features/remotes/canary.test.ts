import { describe, expect, it } from 'vitest';
import { visitorIdFrom } from './canary.ts';
import { memoryStorage } from '../../test-support/memory-storage.ts';

describe('the visitor id', () => {
  const jar = (initial = '') => {
    let cookie = initial;
    return { read: () => cookie, write: (next: string) => void (cookie = next.split(';')[0]!), value: () => cookie };
  };

  it('keeps a visitor id across visits, and makes one when storage fails', () => {
    const storage = memoryStorage();
    let next = 0;
    const create = () => `id-${(next += 1)}-visitor`;
    expect(visitorIdFrom(storage, create, jar())).toBe('id-1-visitor');
    expect(visitorIdFrom(storage, create, jar())).toBe('id-1-visitor');
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(visitorIdFrom(broken, create, jar())).toBe('id-2-visitor');
    expect(visitorIdFrom(undefined, create, jar())).toBe('id-3-visitor');
  });

  it('takes the id the server set in its cookie, and gives the server the one it kept', () => {
    const storage = memoryStorage();
    const fromServer = jar('other=1; entry_visitor=server-made-id-42');
    expect(visitorIdFrom(storage, () => 'never-used-id', fromServer)).toBe('server-made-id-42');
    expect(storage.getItem('entry.visitor-id')).toBe('server-made-id-42');
    const withoutCookie = jar();
    expect(visitorIdFrom(storage, () => 'never-used-id', withoutCookie)).toBe('server-made-id-42');
    expect(withoutCookie.value()).toBe('entry_visitor=server-made-id-42');
  });
});
