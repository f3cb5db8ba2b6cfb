import { describe, expect, it } from 'vitest';
import { bucketOf, isCanaryVisitor, visitorIdFrom } from './canary.ts';
import { memoryStorage } from '../../test-support/memory-storage.ts';

describe('canary bucketing', () => {
  it('puts the same visitor in the same bucket every time', () => {
    expect(bucketOf('visitor-a', 'registration')).toBe(bucketOf('visitor-a', 'registration'));
  });

  it('spreads visitors evenly: a 50% canary takes about half of 10,000 visitors', () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => `visitor-${index}`);
    const share = ids.filter((id) => isCanaryVisitor(id, 'registration', 50)).length / ids.length;
    expect(share).toBeGreaterThan(0.47);
    expect(share).toBeLessThan(0.53);
    const tenth = ids.filter((id) => isCanaryVisitor(id, 'registration', 10)).length / ids.length;
    expect(tenth).toBeGreaterThan(0.08);
    expect(tenth).toBeLessThan(0.12);
  });

  it('buckets remotes independently', () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `visitor-${index}`);
    const both = ids.filter((id) => isCanaryVisitor(id, 'registration', 50) && isCanaryVisitor(id, 'taster', 50)).length;
    expect(both / ids.length).toBeGreaterThan(0.2);
    expect(both / ids.length).toBeLessThan(0.3);
  });

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
