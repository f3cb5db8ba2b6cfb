import { toSessionUser } from '@entry/auth';
import { describe, expect, it } from 'vitest';
import { toEvaluationContext } from './evaluation-context.ts';

describe('toEvaluationContext', () => {
  it('targets a session user by id with the attributes SPEC 7 names', () => {
    const user = toSessionUser({
      id_user: 7,
      base: 'teacher',
      id_school_customer: 12,
      created: '2024-09-01',
      baseYearGroup: 6,
      shard: 'eu-1',
      localeCode: 'en-gb',
    });
    expect(toEvaluationContext(user)).toEqual({
      targetingKey: '7',
      id_user: 7,
      base: 'teacher',
      id_school_customer: 12,
      created: '2024-09-01',
      baseYearGroup: 6,
    });
  });

  it('leaves out attributes the user does not have', () => {
    expect(toEvaluationContext(toSessionUser({ id_user: 8 }))).toEqual({ targetingKey: '8', id_user: 8, base: 'public' });
  });

  it('gives a signed-out visitor the anonymous targeting key', () => {
    expect(toEvaluationContext(null)).toEqual({ targetingKey: 'anonymous', base: 'public' });
  });
});
