import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@entry/constants';
import { countryRules, type CountryRules } from '../../lib/country.ts';
import { recordRequests, startNetwork } from '../../test/network.ts';
import { expectPageLoad, renderScreen } from '../../test/render-screen.tsx';
import { PARENT_DRAFT_KEY, useParentDraftStore } from './parent-draft-store.ts';
import { ParentFlow } from './parent-screen.tsx';

const network = startNetwork();
const GB = countryRules('en-gb') as CountryRules;
const STRONG = 'seven purple owls at midnight';
const DRAFT = { purpose: 'sats', parentFirstName: 'Jane', parentLastName: 'Doe', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', yearGroup: '6', username: 'adalovelace' };

const open = (search: string) => renderScreen(<ParentFlow rules={GB} provider={null} />, { path: '/register/parent/:locale?', url: `/register/parent${search}` });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (name: string) => screen.getByRole('textbox', { name });

beforeEach(() => {
  sessionStorage.clear();
  useParentDraftStore.getState().reset();
  network.use(
    mock.post('*/public/user/verify_password_strength', () => HttpResponse.json({ score: 4, weak: false, feedback: [] })),
    mock.get('*/ms_accounts/usernames/suggestions', () => HttpResponse.json(['adalovelace', 'ada.lovelace'])),
    mock.get('*/ms_accounts/usernames/:username', () => HttpResponse.json({ available: true })),
  );
});
afterEach(cleanup);

describe('parent sign-up', () => {
  it('starts at select_plan at the sign-up’s own address, which it leaves as it is; the next step is in the URL, and back leads to the address without one', async () => {
    const user = userEvent.setup();
    open('');
    await stepHeading('Choose a plan');
    await user.click(screen.getByRole('radio', { name: /^SATs/ }));
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Your account');
    expect(window.location.search).toBe('?step=account');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await stepHeading('Choose a plan');
    expect(window.location.search).toBe('');
  });

  it('keeps the form the page showed first when this tab saved no draft: reading it mounts no second one', async () => {
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => removed.push(...record.removedNodes)));
    observer.observe(document.body, { childList: true, subtree: true });
    open('');
    await screen.findByRole('radio', { name: /^SATs/ });
    await waitFor(() => expect(useParentDraftStore.persist.hasHydrated()).toBe(true));
    await act(async () => undefined);
    observer.disconnect();
    expect(removed.filter((node) => node instanceof Element && node.querySelector('input[type="radio"]'))).toEqual([]);
  });

  it('corrects an unknown step to the first, at the address without one', async () => {
    open('?step=nonsense');
    await stepHeading('Choose a plan');
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('does not skip ahead of a step whose values are missing', async () => {
    useParentDraftStore.getState().update({ purpose: 'sats' });
    open('?step=confirm');
    await stepHeading('Your account');
    await waitFor(() => expect(window.location.search).toBe('?step=account'));
  });

  it('keeps typed values across a reload, but never the password', async () => {
    const user = userEvent.setup();
    useParentDraftStore.getState().update({ purpose: 'sats' });
    const first = open('?step=account');
    await stepHeading('Your account');
    await user.type(field('Your email'), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Choose a password/), STRONG);
    expect(sessionStorage.getItem(PARENT_DRAFT_KEY)).toContain('ada@example.com');
    expect(sessionStorage.getItem(PARENT_DRAFT_KEY)).not.toContain(STRONG);
    first.unmount();

    // A reload: a fresh store read back from session storage.
    useParentDraftStore.setState({ secrets: { password: '', studentPassword: '', payment: null } });
    await useParentDraftStore.persist.rehydrate();
    open('?step=account');
    await stepHeading('Your account');
    expect(field('Your email')).toHaveProperty('value', 'ada@example.com');
    expect(screen.getByLabelText(/^Choose a password/)).toHaveProperty('value', '');
  });

  it('asks for suggestions only once both names are set', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    useParentDraftStore.getState().update({ purpose: 'sats', parentFirstName: 'Jane', parentLastName: 'Doe', email: 'ada@example.com' });
    open('?step=student');
    await stepHeading('Your child');
    await user.type(field('Child’s first name'), 'Ada');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requests.filter(({ url }) => url.includes('suggestions'))).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Suggested usernames' })).toBeNull();
    await user.type(field('Child’s last name'), 'Lovelace');
    const group = await screen.findByRole('group', { name: 'Suggested usernames' });
    expect(group.textContent).toContain('ada.lovelace');
    expect(requests.filter(({ url }) => url.includes('suggestions')).map(({ url }) => new URL(url).search)).toEqual([
      '?firstName=Ada&lastName=Lovelace',
    ]);
  });

  it('sends a taken email back to the account step, shown under the field, and moves on once fixed', async () => {
    const user = userEvent.setup();
    useParentDraftStore.getState().update(DRAFT);
    useParentDraftStore.getState().setSecret('password', STRONG);
    useParentDraftStore.getState().setSecret('studentPassword', STRONG);
    network.use(
      mock.post('*/ms_accounts/users/public', () =>
        HttpResponse.json({ message: 'Your email address is already registered with us', field: 'email' }, { status: 409 }),
      ),
    );
    open('?step=confirm');
    await stepHeading('Check and confirm');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await stepHeading('Your account');
    const email = field('Your email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByText('An account already uses this email address.')).toBeTruthy();
    expect(window.location.search).toBe('?step=account');

    await user.clear(email);
    await user.type(email, 'ada.again@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Your child');
    expect(field('Child’s first name')).toHaveProperty('value', 'Ada');
  });

  it('says on the check step what the plan costs and what creating the account agrees to', async () => {
    useParentDraftStore.getState().update(DRAFT);
    open('?step=confirm');
    await stepHeading('Check and confirm');
    expect(document.body.textContent).toContain(
      'Free for 14 days. Then £19.99 a month. Cancel any time. We’ll email you 3 days before the first payment.',
    );
    expect(document.body.textContent).toContain('By creating an account you agree to the Terms and the Privacy notice.');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/public/terms');
    expect(screen.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/public/privacy');
  });

  it('signs the parent in and goes on as a login does, leaving nothing behind', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    useParentDraftStore.getState().update(DRAFT);
    useParentDraftStore.getState().setSecret('password', STRONG);
    useParentDraftStore.getState().setSecret('studentPassword', 'rockets over the reading room');
    network.use(mock.post('*/ms_accounts/users/public', () => HttpResponse.json({ id_user: 9, base: 'parent' }, { status: 201 })));
    open('?step=confirm&redirect=%2Fpublic%2Ftaster%2Foakwood');
    await stepHeading('Check and confirm');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectPageLoad('/?redirect=%2Fpublic%2Ftaster%2Foakwood');
    const signUp = requests.find(({ url }) => url.endsWith('/ms_accounts/users/public'));
    expect(await signUp?.json()).toEqual({
      userType: 'parent',
      email: 'ada@example.com',
      password: STRONG,
      localeCode: 'en-gb',
      firstName: 'Jane',
      lastName: 'Doe',
      termsVersion: TERMS_VERSION,
      plan: { purpose: 'sats' },
      student: { firstName: 'Ada', lastName: 'Lovelace', yearGroup: 6, username: 'adalovelace', password: 'rockets over the reading room' },
    });
    expect(sessionStorage.getItem(PARENT_DRAFT_KEY)).toBeNull();
  });

  it('keeps everything on a network failure, and trying again works', async () => {
    const user = userEvent.setup();
    useParentDraftStore.getState().update(DRAFT);
    useParentDraftStore.getState().setSecret('password', STRONG);
    useParentDraftStore.getState().setSecret('studentPassword', STRONG);
    let attempts = 0;
    network.use(
      mock.post('*/ms_accounts/users/public', () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : HttpResponse.json({ id_user: 9, base: 'parent' }, { status: 201 });
      }),
    );
    open('?step=confirm');
    await stepHeading('Check and confirm');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach the server.');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectPageLoad('/');
    expect(attempts).toBe(2);
  });

  it('signs up with a tutor’s invitation as the code when it came with one', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    useParentDraftStore.getState().update(DRAFT);
    useParentDraftStore.getState().setSecret('password', STRONG);
    useParentDraftStore.getState().setSecret('studentPassword', STRONG);
    network.use(mock.post('*/ms_accounts/users/public/with-code', () => HttpResponse.json({ id_user: 9, base: 'parent' }, { status: 201 })));
    open('?step=confirm&code=invite-token-1');
    expect(await screen.findByText(/signing up with a tutor’s invitation/)).toBeTruthy();
    // The code left the address bar at once, and the step stayed.
    await waitFor(() => expect(window.location.search).toBe('?step=confirm'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectPageLoad('/');
    const body = (await requests.find(({ url }) => url.endsWith('/users/public/with-code'))?.json()) as { access_code?: string };
    expect(body.access_code).toBe('invite-token-1');
  });
});
