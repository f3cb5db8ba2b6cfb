import { describe, expect, it } from 'vitest';
import { isOneOf } from './is-one-of.ts';
import { ROLES, type Role } from './roles.ts';
import { YEAR_GROUPS } from './year-groups.ts';

describe('isOneOf', () => {
  it('accepts members and narrows to the member type', () => {
    const value: unknown = 'sch-man';
    if (!isOneOf(ROLES, value)) throw new Error('expected a role');
    const role: Role = value;
    expect(role).toBe('sch-man');
  });

  it.each([['SCH-MAN'], ['sch_man'], [''], [undefined], [null], [42], [{}]])('rejects %j', (value) => {
    expect(isOneOf(ROLES, value)).toBe(false);
  });

  it('compares numbers without coercion', () => {
    expect(isOneOf(YEAR_GROUPS, 100)).toBe(true);
    expect(isOneOf(YEAR_GROUPS, '100')).toBe(false);
    expect(isOneOf(YEAR_GROUPS, 13)).toBe(false);
  });
});
