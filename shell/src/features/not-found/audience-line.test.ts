import { describe, expect, it } from 'vitest';
import { audienceLine } from './audience-line.ts';

describe('audienceLine', () => {
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
  ] as const)('%s brand, %s user: %s line', (brand, base, line) => {
    expect(audienceLine(brand, base)).toBe(line);
  });
});
