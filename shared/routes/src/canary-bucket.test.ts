import { describe, expect, it } from 'vitest';
import { bucketOf, isCanaryVisitor } from './canary-bucket.ts';

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
});
