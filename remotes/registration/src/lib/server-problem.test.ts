import { ApiError } from '@entry/api';
import { describe, expect, it } from 'vitest';
import { readServerProblem } from './server-problem.ts';

const apiError = (status: number, data?: object) =>
  new ApiError({ message: (data as { message?: string } | undefined)?.message ?? '', status, correlation_id: 'c', data });

describe('readServerProblem', () => {
  it('puts the spec’s refusals under the field the server named, in words', () => {
    expect(readServerProblem(apiError(409, { message: 'Your email address is already registered with us', field: 'email' }))).toEqual({
      field: 'email',
      key: 'errors.emailTaken',
    });
    expect(readServerProblem(apiError(400, { message: 'New password is weak', field: 'student.password' }))).toEqual({
      field: 'student.password',
      key: 'errors.weakPassword',
    });
    expect(readServerProblem(apiError(409, { message: 'Database error: Duplicate', field: 'student.username' }))).toEqual({
      field: 'student.username',
      key: 'api:duplicate',
    });
  });

  it('calls no answer a network failure and never passes a server text on', () => {
    expect(readServerProblem(apiError(0))).toEqual({ key: 'api:network' });
    expect(readServerProblem(apiError(429, { message: 'Too many attempts.' }))).toEqual({ key: 'api:tooMany' });
    expect(readServerProblem(new Error('boom'))).toEqual({ key: 'api:technical' });
  });
});
