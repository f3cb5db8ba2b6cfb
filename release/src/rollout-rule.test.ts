import { describe, expect, it } from 'vitest';
import { judge, wilson } from './rollout-rule.ts';

const rule = { minLoads: 20, minFailures: 3 };

describe('wilson', () => {
  it('bounds a proportion, wider for fewer loads', () => {
    const few = wilson({ loads: 10, failures: 3 });
    const many = wilson({ loads: 1000, failures: 300 });
    expect(few.low).toBeLessThan(many.low);
    expect(few.high).toBeGreaterThan(many.high);
    expect(many.low).toBeGreaterThan(0.26);
    expect(many.high).toBeLessThan(0.34);
  });

  it('knows nothing of a side without loads, and counts failures beyond the loads as loads', () => {
    expect(wilson({ loads: 0, failures: 0 })).toEqual({ low: 0, high: 1 });
    expect(wilson({ loads: 2, failures: 5 }).high).toBe(1);
  });
});

describe('judge', () => {
  it('finds a canary failing for 30% worse than a healthy live after a handful of failures', () => {
    expect(judge({ loads: 12, failures: 4 }, { loads: 230, failures: 1 }, rule)).toMatchObject({ verdict: 'worse' });
  });

  it('never calls a canary worse on fewer failed visitors than the minimum', () => {
    expect(judge({ loads: 2, failures: 2 }, { loads: 500, failures: 0 }, rule).verdict).toBe('too-few');
  });

  it('finds a canary failing like live not worse once both sides have the minimum loads', () => {
    expect(judge({ loads: 40, failures: 1 }, { loads: 800, failures: 9 }, rule)).toEqual({
      verdict: 'not-worse',
      reason: 'canary 1 failed of 40 loads (2.5%), live 9 failed of 800 loads (1.1%): not worse than live',
    });
  });

  it('does not blame a canary for an unlucky few failures among few loads', () => {
    expect(judge({ loads: 60, failures: 3 }, { loads: 800, failures: 8 }, rule).verdict).toBe('not-worse');
  });

  it('waits for loads on both sides before it lets a canary on', () => {
    expect(judge({ loads: 19, failures: 0 }, { loads: 400, failures: 0 }, rule)).toMatchObject({ verdict: 'too-few', reason: expect.stringContaining('too few loads to judge (at least 20 on each side)') });
  });
});
