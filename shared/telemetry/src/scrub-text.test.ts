import { describe, expect, it } from 'vitest';
import { scrubText } from './scrub-text.ts';

describe('scrubText', () => {
  it('filters JSON credentials and keeps the other fields', () => {
    const body = JSON.stringify({ username: 'amy', password: 'hunter2', captcha: 'c-123', isImpersonation: false });
    expect(JSON.parse(scrubText(body))).toEqual({
      username: 'amy',
      password: '[Filtered]',
      captcha: '[Filtered]',
      isImpersonation: false,
    });
  });

  it('filters new and old passwords and numeric access codes', () => {
    expect(scrubText('{"newPassword": "n3w", "old_password": "0ld", "access_code": 123456}')).toBe(
      '{"newPassword": "[Filtered]", "old_password": "[Filtered]", "access_code": [Filtered]}',
    );
  });

  it('filters JSON that is itself inside a JSON string, and values with escaped quotes', () => {
    expect(scrubText(String.raw`{"body":"{\"token\":\"abc\",\"id\":\"7\"}"}`)).toBe(
      String.raw`{"body":"{\"token\":\"[Filtered]\",\"id\":\"7\"}"}`,
    );
    expect(scrubText(String.raw`{"password":"a\"b","user":"x"}`)).toBe(
      String.raw`{"password":"[Filtered]","user":"x"}`,
    );
  });

  it('filters key=value pairs in query strings, form bodies and cookies', () => {
    expect(scrubText('https://x.test/api?token=abc123&page=2')).toBe('https://x.test/api?token=[Filtered]&page=2');
    expect(scrubText('username=amy&password=hunter2')).toBe('username=amy&password=[Filtered]');
    expect(scrubText('sid=deadbeef; theme=dark')).toBe('sid=[Filtered]; theme=dark');
    expect(scrubText('password="two words" ok')).toBe('password="[Filtered]" ok');
  });

  it('filters header lines and bearer tokens', () => {
    expect(scrubText('Authorization: Bearer abc.def')).toBe('Authorization: [Filtered]');
    expect(scrubText('Cookie: session_id=s1; theme=dark\nAccept: */*')).toBe('Cookie: [Filtered]\nAccept: */*');
    expect(scrubText('sent with bearer abc-123')).toBe('sent with bearer [Filtered]');
  });

  it('filters key: value pairs in log text up to the next entry', () => {
    expect(scrubText('login failed, password: hunter2, username: amy')).toBe(
      'login failed, password: [Filtered], username: amy',
    );
  });

  it('keeps a JSON string valid when a key: value pair inside it is filtered', () => {
    expect(JSON.parse(scrubText('{"note":"token: abc","ok":true}'))).toEqual({ note: 'token: [Filtered]', ok: true });
  });

  it('filters JSON Web Tokens wherever they appear', () => {
    expect(scrubText('got eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature back')).toBe('got [Filtered] back');
  });

  it.each([
    ['/public/magic/AB12CD', '/public/magic/[Filtered]'],
    ['/public/report/AB12CD?x=1', '/public/report/[Filtered]?x=1'],
    ['/public/assessments/maths-11-plus/AB12CD', '/public/assessments/maths-11-plus/[Filtered]'],
    ['/public/assessments/maths-11-plus', '/public/assessments/maths-11-plus'],
    ['/public/reset/tok123/staff', '/public/reset/[Filtered]/staff'],
    ['/public/reset/tok123/CODE9', '/public/reset/[Filtered]/[Filtered]'],
    ['/public/reset/tok123', '/public/reset/[Filtered]'],
    ['GET /ms_accounts/auth/reset-token/tok123 failed', 'GET /ms_accounts/auth/reset-token/[Filtered] failed'],
    ['/ms_email/tutor-invite/tok123', '/ms_email/tutor-invite/[Filtered]'],
    ['/ms_accounts/tutor-invites/tok123/students/42', '/ms_accounts/tutor-invites/[Filtered]/students/42'],
    ['/supervisors/public/access_code/AB12', '/supervisors/public/access_code/[Filtered]'],
  ])('filters the credential in the path %s', (path, expected) => {
    expect(scrubText(path)).toBe(expected);
  });

  it('leaves ordinary text, URLs and ids alone', () => {
    const text = 'Error: Resource not found at https://x.test:8443/ms_accounts/user?correlation_id=c-1 (status: 404)';
    expect(scrubText(text)).toBe(text);
    expect(scrubText('Invalid token provided')).toBe('Invalid token provided');
  });

  it('is idempotent', () => {
    const once = scrubText('{"password":"x"} token=y /magic/z Authorization: Bearer q');
    expect(scrubText(once)).toBe(once);
  });
});
