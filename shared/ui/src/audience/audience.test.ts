import { describe, expect, it } from 'vitest';
import { audienceOf } from './audience.ts';

describe('audienceOf', () => {
  it.each([
    ['atom', 'school', 'school'],
    ['atom', 'teacher', 'school'],
    ['atom', 'parent', 'parent'],
    ['atom', 'student', 'student'],
    ['atom', 'public', 'parent'],
    ['quest', 'teacher', 'questProgress'],
    ['quest', 'public', 'questProgress'],
    ['quest', 'invigilator', 'questAdmissions'],
    ['quest', 'applicant', 'questAdmissions'],
  ] as const)('%s brand, %s user: the %s audience', (brand, base, line) => {
    expect(audienceOf(brand, base)).toBe(line);
  });
});
