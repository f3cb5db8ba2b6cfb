import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@entry/auth';
import { recordRequests, startNetwork } from '../../test/network.ts';
import { expectPageLoad, pageLoads, renderScreen } from '../../test/render-screen.tsx';
import { InvitationScreen } from './invitation-screen.tsx';

const network = startNetwork();
const INVITE = { token: 'tok-12345678', tutorName: 'Emmy Noether', expires_at: '2030-01-01T00:00:00.000Z' };

const open = (search: string) => renderScreen(<InvitationScreen />, { path: '/invitation', url: `/invitation${search}` });

beforeEach(() => {
  useAuthStore.setState({ status: 'anonymous', user: null });
  network.use(
    mock.get('*/ms_email/tutor-invite/:token', ({ params }) =>
      params.token === INVITE.token ? HttpResponse.json(INVITE) : HttpResponse.json({ message: 'Resource not found' }, { status: 404 }),
    ),
    mock.get('*/ms_accounts/auth/require-captcha', () => HttpResponse.json({ requireCaptcha: false })),
  );
});
afterEach(cleanup);

describe('the invitation screen', () => {
  it('says the link is not complete without a token, in words, and asks nothing', async () => {
    const requests = recordRequests();
    open('');
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is not complete.');
    expect(requests.filter(({ url }) => url.includes('tutor-invite'))).toEqual([]);
  });

  it('says an unknown or expired invitation is not valid', async () => {
    open('?token=nope-nope-nope');
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation has expired or is not valid.');
  });

  it('accepts with the student’s own credentials in one call, says the link is made, then hands the student over to /', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    network.use(mock.post('*/ms_accounts/tutor-invites/:token/accept', () => HttpResponse.json({ id_user: 42, base: 'student' })));
    open(`?token=${INVITE.token}`);
    expect(await screen.findByText(/Emmy Noether has invited you/)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Username/), 'kid');
    await user.type(screen.getByLabelText(/^Password/), 'reading-rocket-42');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are now Emmy Noether’s student' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('The link with Emmy Noether is made');
    expect(pageLoads()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue to your account' }));
    await expectPageLoad('/');
    const accept = requests.find(({ url }) => new URL(url).pathname === `/ms_accounts/tutor-invites/${INVITE.token}/accept`);
    expect(await accept?.json()).toEqual({ credentials: { username: 'kid', password: 'reading-rocket-42' } });
    // No login of its own: an account that may not accept is never signed in.
    expect(requests.some(({ url }) => url.includes('/auth/login'))).toBe(false);
  });

  it('says why when the account may not accept, and changes nothing', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ status: 'authenticated', user: { id_user: 7, base: 'parent', displayName: 'Alex Morgan' } });
    let answer = HttpResponse.json({ message: 'Username and password do not match' }, { status: 400 });
    network.use(mock.post('*/ms_accounts/tutor-invites/:token/accept', () => answer));
    open(`?token=${INVITE.token}`);
    await screen.findByText(/Emmy Noether has invited you/);
    await user.type(screen.getByLabelText(/^Username/), 'parent@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'learning-together-42');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    // In the form's error summary, in words: never the server's text.
    expect((await screen.findByRole('alert')).textContent).toContain('The email address or username and the password do not match.');
    answer = HttpResponse.json({ message: 'Only a student account can accept a tutor’s invitation' }, { status: 403 });
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(/Only a student can accept a tutor’s invitation\. Log in with the student’s account/)).toBeTruthy();
    expect(screen.queryByText(/Only a student account can accept a tutor’s invitation/)).toBeNull();
    expect(useAuthStore.getState().user).toMatchObject({ id_user: 7, base: 'parent' });
    expect(pageLoads()).toEqual([]);
  });

  it('lets a signed-in student accept in one click, as themselves', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ status: 'authenticated', user: { id_user: 42, base: 'student', displayName: 'Maya Patel' } });
    network.use(mock.post('*/ms_accounts/tutor-invites/:token/students/:id', () => new HttpResponse(null, { status: 204 })));
    const requests = recordRequests();
    open(`?token=${INVITE.token}`);
    await user.click(await screen.findByRole('button', { name: 'Accept as Maya Patel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are now Emmy Noether’s student' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to your account' }));
    await expectPageLoad('/');
    expect(requests.map(({ method, url }) => `${method} ${new URL(url).pathname}`)).toContain(`POST /ms_accounts/tutor-invites/${INVITE.token}/students/42`);
  });
});
