import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_VERSION } from '@entry/constants';
import { recordRequests, startNetwork } from '../../test/network.ts';
import { expectPageLoad, renderScreen } from '../../test/render-screen.tsx';
import { TutorScreen } from './tutor-screen.tsx';

const network = startNetwork();
const STRONG = 'seven purple owls at midnight';

const open = (locale = '') => renderScreen(<TutorScreen />, { path: '/register/tutor/:locale?', url: `/register/tutor${locale}` });
const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

const fillIn = async (user: ReturnType<typeof userEvent.setup>, password = STRONG) => {
  await user.type(field(/^First name/), 'Mary');
  await user.type(field(/^Last name/), 'Somerville');
  await user.type(field(/^Email/), 'mary@example.com');
  await user.type(field(/^Choose a password/), password);
  await user.click(screen.getByRole('checkbox', { name: 'Maths' }));
};

beforeEach(() => {
  network.use(mock.post('*/public/user/verify_password_strength', () => HttpResponse.json({ score: 4, weak: false, feedback: [] })));
});
afterEach(cleanup);

describe('tutor sign-up', () => {
  it('offers the subjects of the locale’s country', async () => {
    open('/en-us');
    expect(await screen.findByRole('checkbox', { name: 'Quantitative reasoning' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Science' })).toBeNull();
  });

  it('says so for a locale it does not offer, with the countries it does', async () => {
    open('/fr-fr');
    expect((await screen.findByRole('alert')).textContent).toContain('We don’t offer sign-up for “fr-fr”');
    expect(screen.getByRole('link', { name: 'United States' }).getAttribute('href')).toBe('/public/register/tutor/en-us');
  });

  it('wants at least one subject', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Create tutor account' }));
    // Under the subjects, and as a link in the form's error summary.
    expect(await screen.findAllByText('Choose at least one subject.')).toHaveLength(2);
  });

  it('sends the tutor and lands signed in', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    network.use(mock.post('*/ms_accounts/users/public', () => HttpResponse.json({ id_user: 4, base: 'tutor' }, { status: 201 })));
    open();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create tutor account' }));
    await expectPageLoad('/');
    expect(await requests.find(({ url }) => url.endsWith('/users/public'))?.json()).toEqual({
      userType: 'tutor',
      localeCode: 'en-gb',
      email: 'mary@example.com',
      password: STRONG,
      firstName: 'Mary',
      lastName: 'Somerville',
      termsVersion: TERMS_VERSION,
      subjects: ['maths'],
    });
  });

  it('shows the server’s refusal of a weak password under the password field', async () => {
    const user = userEvent.setup();
    network.use(
      mock.post('*/ms_accounts/users/public', () => HttpResponse.json({ message: 'New password is weak', field: 'password' }, { status: 400 })),
    );
    open();
    await fillIn(user, 'password1');
    await user.click(screen.getByRole('button', { name: 'Create tutor account' }));
    const weak = 'This password is too easy to guess. Choose a longer one, or a few unrelated words together.';
    expect(await screen.findAllByText(weak)).toHaveLength(2);
    expect(screen.queryByText('New password is weak')).toBeNull();
    const password = field(/^Choose a password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    // The form's error summary has the focus; its link leads to the field.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    await user.click(screen.getByRole('link', { name: weak }));
    expect(document.activeElement).toBe(password);
  });

  it('keeps everything typed when the network fails, and trying again works', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    network.use(
      mock.post('*/ms_accounts/users/public', () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : HttpResponse.json({ id_user: 4, base: 'tutor' }, { status: 201 });
      }),
    );
    open();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create tutor account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach the server.');
    expect(field(/^Email/).value).toBe('mary@example.com');
    expect(field(/^Choose a password/).value).toBe(STRONG);
    expect(screen.getByRole('checkbox', { name: 'Maths' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Create tutor account' }));
    await expectPageLoad('/');
  });
});
