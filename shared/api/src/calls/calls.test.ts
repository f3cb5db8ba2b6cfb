import { http as mock, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MissingParamsError } from '../api-error.ts';
import { recordRequests, server, startTestServer } from '../test-server.ts';
import { getCaptchaRequirement, getResetToken, logIn, logInWithCode, requestPasswordReset } from './auth.ts';
import { getTutorInvite } from './other-services.ts';
import {
  createCustomer,
  forgetCurrentUser,
  getCurrentUser,
  getUsernameSuggestions,
  linkStudent,
  linkStudentToTutor,
  mergeAccounts,
} from './users.ts';

startTestServer();

const refused = async (call: () => Promise<unknown>, message: string) => {
  const requests = recordRequests();
  await expect(call()).rejects.toEqual(new MissingParamsError(message));
  expect(requests).toHaveLength(0);
};

describe('calls refused before any request (SPEC section 5)', () => {
  beforeEach(() => server.events.removeAllListeners());

  it.each([
    ['login without a password', () => logIn({ username: 'ada', password: '' })],
    ['login without a username', () => logIn({ username: '  ', password: 'secret' })],
    ['code login without a code', () => logInWithCode({ access_code: '', id_school_customer: 3 })],
    ['customer creation without an email', () => createCustomer({ id_user: 4, email: '' })],
    ['a student link without a password', () => linkStudent({ username: 'kid', password: '' })],
    ['a merge without credentials', () => mergeAccounts({ id_student_source: 1, id_student: 2, credentials: { username: '', password: 'x' } })],
    ['a tutor link without a student', () => linkStudentToTutor({ tutorInviteToken: 't', studentId: undefined as unknown as number })],
    ['suggestions with one name', () => getUsernameSuggestions({ firstName: 'Ada', lastName: '' })],
    ['a reset request without an email', () => requestPasswordReset({ email: '' })],
  ])('%s: Missing params', async (_case, call) => {
    await refused(call, 'Missing params');
  });

  it.each([
    ['a reset-token lookup', () => getResetToken('')],
    ['a tutor-invite lookup', () => getTutorInvite(' ')],
  ])('%s without a token: Missing required token', async (_case, call) => {
    await refused(call, 'Missing required token');
  });
});

describe('calls', () => {
  it('logs in with the payload of SPEC section 3 and reads the user with base defaulting to public', async () => {
    const requests = recordRequests();
    server.use(mock.post('*/ms_accounts/auth/login', () => HttpResponse.json({ id_user: 5 })));
    await expect(logIn({ username: 'ada', password: 'pw', captcha: 'tok' })).resolves.toEqual({ id_user: 5, base: 'public' });
    expect(await requests[0]?.json()).toEqual({ username: 'ada', password: 'pw', captcha: 'tok', isImpersonation: false });
  });

  it('asks whether a captcha is required by GET /auth/require-captcha, as SPEC section 7 has it, naming no one', async () => {
    const requests = recordRequests();
    server.use(mock.get('*/ms_accounts/auth/require-captcha', () => HttpResponse.json({ requireCaptcha: true })));
    await expect(getCaptchaRequirement()).resolves.toEqual({ requireCaptcha: true });
    expect(requests.map(({ method, url }) => `${method} ${new URL(url).pathname}${new URL(url).search}`)).toEqual(['GET /ms_accounts/auth/require-captcha']);
  });

  it('keeps the current user for 60 s and asks again after', async () => {
    forgetCurrentUser();
    let calls = 0;
    server.use(
      mock.get('*/ms_accounts/user', () => {
        calls += 1;
        return HttpResponse.json({ id_user: calls, base: 'tutor' });
      }),
    );
    await expect(getCurrentUser(0)).resolves.toEqual({ id_user: 1, base: 'tutor' });
    await expect(getCurrentUser(59_999)).resolves.toEqual({ id_user: 1, base: 'tutor' });
    await expect(getCurrentUser(60_000)).resolves.toEqual({ id_user: 2, base: 'tutor' });
    expect(calls).toBe(2);
  });

  it('sends a merge to the source student with the target and credentials in the body', async () => {
    const requests = recordRequests();
    server.use(mock.post('*/ms_accounts/students/11/pair', () => new HttpResponse(null, { status: 204 })));
    await mergeAccounts({ id_student_source: 11, id_student: 12, credentials: { username: 'kid', password: 'pw' } });
    expect(await requests.at(-1)?.json()).toEqual({ id_student: 12, credentials: { username: 'kid', password: 'pw' } });
  });
});
