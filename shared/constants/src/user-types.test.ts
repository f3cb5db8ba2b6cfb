import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_TYPE, USER_TYPES } from './user-types.ts';

describe('user types', () => {
  it('matches the list @entry/auth validates session users against', () => {
    expect(USER_TYPES).toEqual([
      'admin',
      'applicant',
      'internal-tools',
      'invigilator',
      'parent',
      'public',
      'school',
      'student',
      'teacher',
      'tutor',
    ]);
  });

  it('defaults to public', () => {
    expect(DEFAULT_USER_TYPE).toBe('public');
  });
});
