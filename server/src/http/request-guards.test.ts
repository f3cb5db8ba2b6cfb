import { describe, expect, it } from 'vitest';
import { redactPath } from './request-guards.ts';

describe('redactPath', () => {
  it.each([
    ['/ms_accounts/auth/reset-token/s3cr3t', '/ms_accounts/auth/reset-token/[Filtered]'],
    ['/ms_accounts/supervisors/public/access_code/ABC123', '/ms_accounts/supervisors/public/access_code/[Filtered]'],
    ['/ms_email/tutor-invite/tok', '/ms_email/tutor-invite/[Filtered]'],
    ['/ms_accounts/tutor-invites/tok/students/4', '/ms_accounts/tutor-invites/[Filtered]/students/4'],
    ['/ms_accounts/usernames/ada.lovelace', '/ms_accounts/usernames/[Filtered]'],
    ['/public/magic/CODE42', '/public/magic/[Filtered]'],
    ['/public/report/REPORT42', '/public/report'],
    ['/public/assessments/oakwood-entrance-2027/EXAM42', '/public/assessments/oakwood-entrance-2027'],
    ['/public/reset/t0k3n/MAGIC42', '/public/reset/[Filtered]'],
    ['/public/taster/oakwood', '/public/taster/oakwood'],
    ['/ms_accounts/usernames/suggestions?firstName=Ada&lastName=L', '/ms_accounts/usernames/[Filtered]'],
    ['/ms_accounts/auth/login', '/ms_accounts/auth/login'],
  ])('%s is logged as %s', (path, logged) => {
    expect(redactPath(path)).toBe(logged);
  });
});
