import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server, startTestServer } from '../test-server.ts';
import { checkPasswordStrength, getTutorInvite } from './other-services.ts';
import { checkUsername, getUsernameSuggestions, linkStudentToTutor, registerUser, registerUserWithCode } from './users.ts';

startTestServer();

/** The calls the registration remote makes, with the shapes the reference server reads. */
describe('registration calls', () => {
  it('registers with the payload as given and reads the new session user', async () => {
    const requests = recordRequests();
    server.use(mock.post('*/ms_accounts/users/public', () => HttpResponse.json({ id_user: 3, base: 'tutor' }, { status: 201 })));
    const payload = { userType: 'tutor', email: 'mary@example.com', password: 'pw', subjects: ['maths'] };
    await expect(registerUser(payload)).resolves.toEqual({ id_user: 3, base: 'tutor' });
    expect(await requests.at(-1)?.json()).toEqual(payload);
  });

  it('registers with a code only when there is one', async () => {
    const requests = recordRequests();
    server.use(mock.post('*/ms_accounts/users/public/with-code', () => HttpResponse.json({ id_user: 4, base: 'parent' }, { status: 201 })));
    await expect(registerUserWithCode({ password: 'pw', access_code: '' })).rejects.toThrow('Missing params');
    await registerUserWithCode({ password: 'pw', access_code: 'invite-token' });
    expect(await requests.at(-1)?.json()).toEqual({ password: 'pw', access_code: 'invite-token' });
  });

  it('keeps the server’s refusal, its field included, for the form to show in place', async () => {
    server.use(
      mock.post('*/ms_accounts/users/public', () =>
        HttpResponse.json({ message: 'Your email address is already registered with us', field: 'email' }, { status: 409 }),
      ),
    );
    await expect(registerUser({ password: 'pw' })).rejects.toMatchObject({
      status: 409,
      message: 'Your email address is already registered with us',
      data: { field: 'email' },
    });
  });

  it('asks for suggestions with both names and checks a username, encoded', async () => {
    const requests = recordRequests();
    server.use(
      mock.get('*/ms_accounts/usernames/suggestions', () => HttpResponse.json(['ada.l'])),
      mock.get('*/ms_accounts/usernames/:username', ({ params }) => HttpResponse.json({ available: params.username === 'ada l' })),
    );
    await expect(getUsernameSuggestions({ firstName: 'Ada', lastName: 'Love lace' })).resolves.toEqual(['ada.l']);
    expect(new URL(requests.at(-1)?.url ?? '').search).toBe('?firstName=Ada&lastName=Love+lace');
    await expect(checkUsername('ada l')).resolves.toEqual({ available: true });
    expect(requests.at(-1)?.url).toMatch(/\/usernames\/ada%20l$/);
  });

  it('checks a password’s strength with the server', async () => {
    server.use(mock.post('*/public/user/verify_password_strength', () => HttpResponse.json({ score: 1, weak: true, feedback: ['Add another word or two.'] })));
    await expect(checkPasswordStrength('password1')).resolves.toEqual({ score: 1, weak: true, feedback: ['Add another word or two.'] });
  });

  it('asks again when the strength check is busy, after the Retry-After it gives', async () => {
    let calls = 0;
    server.use(
      mock.post('*/public/user/verify_password_strength', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'busy' }, { status: 503, headers: { 'Retry-After': '1' } })
          : HttpResponse.json({ score: 0, weak: true, feedback: [] });
      }),
    );
    await expect(checkPasswordStrength('qwertyuiop')).resolves.toEqual({ score: 0, weak: true, feedback: [] });
    expect(calls).toBe(2);
  });

  it('gives up after two busy answers, so the form is never held', async () => {
    let calls = 0;
    server.use(
      mock.post('*/public/user/verify_password_strength', () => {
        calls += 1;
        return HttpResponse.json({ message: 'busy' }, { status: 503, headers: { 'Retry-After': '0' } });
      }),
    );
    await expect(checkPasswordStrength('qwertyuiop')).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(3);
  });

  it('reads a tutor invitation from the email service and accepts it for a student', async () => {
    const requests = recordRequests();
    const invite = { token: 't0k3n', tutorName: 'Emmy Noether', expires_at: '2030-01-01T00:00:00.000Z' };
    server.use(
      mock.get('*/ms_email/tutor-invite/:token', () => HttpResponse.json(invite)),
      mock.post('*/ms_accounts/tutor-invites/:token/students/:id', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(getTutorInvite('t0k3n')).resolves.toEqual(invite);
    await linkStudentToTutor({ tutorInviteToken: 't0k3n', studentId: 42 });
    expect(requests.at(-1)?.url).toMatch(/\/ms_accounts\/tutor-invites\/t0k3n\/students\/42$/);
  });
});
