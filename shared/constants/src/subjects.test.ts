import { describe, expect, it } from 'vitest';
import { SUBJECT_IDS, SUBJECTS, US_SUBJECTS } from './subjects.ts';

describe('subjects', () => {
  it.each([
    ['english', 235],
    ['verbal_reasoning', 236],
    ['maths', 237],
    ['non_verbal_reasoning', 238],
    ['science', 239],
  ] as const)('%s has id %i', (subject, id) => {
    expect(SUBJECT_IDS[subject]).toBe(id);
  });

  it('lists exactly the subjects that have ids, in id order', () => {
    expect(SUBJECTS).toEqual(Object.keys(SUBJECT_IDS));
    expect(SUBJECTS.map((subject) => SUBJECT_IDS[subject])).toEqual([235, 236, 237, 238, 239]);
  });

  it('suffixes every US subject with _us', () => {
    expect(US_SUBJECTS).toEqual([
      'verbal_reasoning_us',
      'quantitative_reasoning_us',
      'reading_comprehension_us',
      'mathematics_achievement_us',
    ]);
  });
});
