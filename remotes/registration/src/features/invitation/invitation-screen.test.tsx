import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@entry/auth';
import { recordRequests, startNetwork } from '../../test/network.ts';
import { renderScreen } from '../../test/render-screen.tsx';
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
    mock.post('*/ms_accounts/auth/require-captcha', () => HttpResponse.json({ requireCaptcha: false })),
  );
});
afterEach(cleanup);

describe('the invitation screen', () => {
  it('says Missing required token without a token, and asks nothing', async () => {
    const requests = recordRequests();
    open('');
    expect((await screen.findByRole('alert')).textContent).toContain('Missing required token');
    expect(requests.filter(({ url }) => url.includes('tutor-invite'))).toEqual([]);
  });

  it('says an unknown or expired invitation is not valid', async () => {
    open('?token=nope-nope-nope');
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation has expired or is not valid.');
  });

  it('shows the tutor, and links the student who signs in to accept', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    network.use(
      mock.post('*/ms_accounts/auth/login', () => HttpResponse.json({ id_user: 42, base: 'student' })),
      mock.post('*/ms_accounts/tutor-invites/:token/students/:id', () => new HttpResponse(null, { status: 204 })),
    );
    open(`?token=${INVITE.token}`);
    expect(await screen.findByText(/Emmy Noether has invited you/)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Username/), 'kid');
    await user.type(screen.getByLabelText(/^Password/), 'reading-rocket-42');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('status')).textContent).toBe('You are now Emmy Noether’s student.');
    expect(requests.map(({ method, url }) => `${method} ${new URL(url).pathname}`)).toContain(
      `POST /ms_accounts/tutor-invites/${INVITE.token}/students/42`,
    );
    expect(useAuthStore.getState().user).toMatchObject({ id_user: 42, base: 'student' });
  });

  it('shows a failed login in place, and refuses an account that is not a student’s', async () => {
    const user = userEvent.setup();
    let answer = HttpResponse.json({ message: 'Username and password do not match' }, { status: 400 });
    network.use(mock.post('*/ms_accounts/auth/login', () => answer));
    open(`?token=${INVITE.token}`);
    await screen.findByText(/Emmy Noether has invited you/);
    await user.type(screen.getByLabelText(/^Username/), 'parent@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'learning-together-42');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Username and password do not match');
    answer = HttpResponse.json({ id_user: 7, base: 'parent' });
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Only a student account can accept this invitation.')).toBeTruthy();
  });
});
