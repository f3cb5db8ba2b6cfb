import { describe, expect, it } from 'vitest';
import { crashOffer } from './crash-recovery.ts';

describe('crashOffer', () => {
  it('offers the newer version once', () => {
    expect(crashOffer({ running: 'r1', latest: 'r2', updatedTo: null })).toBe('update');
    expect(crashOffer({ running: 'r1', latest: 'r2', updatedTo: 'r2' })).toBe('feedback');
    expect(crashOffer({ running: 'r1', latest: 'r3', updatedTo: 'r2' })).toBe('update');
  });

  it('offers feedback when there is nothing newer or it cannot tell', () => {
    expect(crashOffer({ running: 'r1', latest: 'r1', updatedTo: null })).toBe('feedback');
    expect(crashOffer({ running: 'r1', latest: null, updatedTo: null })).toBe('feedback');
  });
});
