import { describe, expect, it } from 'vitest';
import { YEAR_GROUP_IDS, YEAR_GROUPS, YEAR_GROUPS_BY_AGE } from './year-groups.ts';

describe('year groups', () => {
  it('puts nursery and reception before year 1 and year 6 plus at 100', () => {
    expect(YEAR_GROUP_IDS.nursery).toBe(-1);
    expect(YEAR_GROUP_IDS.reception).toBe(0);
    expect(YEAR_GROUP_IDS.year_6_plus).toBe(100);
  });

  it('numbers years 1 to 12 by their year', () => {
    for (let year = 1; year <= 12; year += 1) {
      expect(YEAR_GROUP_IDS[`year_${year}` as keyof typeof YEAR_GROUP_IDS]).toBe(year);
    }
  });

  it('lists the same ids as the record, ascending', () => {
    expect(YEAR_GROUPS).toEqual(Object.values(YEAR_GROUP_IDS));
    expect(YEAR_GROUPS).toHaveLength(15);
    expect([...YEAR_GROUPS].sort((a, b) => a - b)).toEqual(YEAR_GROUPS);
  });

  it('lists every id once in the order of age, year 6 plus right after year 6', () => {
    expect([...YEAR_GROUPS_BY_AGE].sort((a, b) => a - b)).toEqual(YEAR_GROUPS);
    expect(YEAR_GROUPS_BY_AGE.indexOf(YEAR_GROUP_IDS.year_6_plus)).toBe(YEAR_GROUPS_BY_AGE.indexOf(YEAR_GROUP_IDS.year_6) + 1);
  });
});
