import { describe, expect, it } from 'vitest';
import { PERMISSION_AUDIENCES, PERMISSION_ROLE_GROUPS, PUBLIC_AUDIENCES } from './permissions.ts';
import { PRIVILEGED_ROLES, ROLES } from './roles.ts';

describe('roles', () => {
  it('lists the 25 roles of the spec', () => {
    expect(ROLES).toHaveLength(25);
  });

  it.each([
    'adm',
    'atom-employee',
    'sch',
    'stu-snr',
    'prnt',
    'internal-tut',
    'subscription-man',
    'learning-journey-man-view',
    'learning-journey-man-edit',
    'machine-adm',
  ])('spells %s as the server does', (role) => {
    expect(ROLES).toContain(role);
  });

  it('keeps the privileged roles to real roles, without pupils, students, parents or machines', () => {
    expect(ROLES).toEqual(expect.arrayContaining([...PRIVILEGED_ROLES]));
    for (const role of ['sch', 'stu', 'stu-snr', 'prnt', 'machine-adm', 'subscription-man'] as const) {
      expect(PRIVILEGED_ROLES).not.toContain(role);
    }
    expect(PRIVILEGED_ROLES).toHaveLength(15);
  });
});

describe('permission audiences', () => {
  it('has both groupings of the spec', () => {
    expect(PERMISSION_AUDIENCES).toEqual(['admin', 'school', 'student', 'parent', 'tutor', 'public']);
    expect(PERMISSION_ROLE_GROUPS).toHaveLength(8);
    expect(PUBLIC_AUDIENCES).toEqual(['school', 'parent', 'student']);
  });
});
