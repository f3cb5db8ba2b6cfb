import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countryRules, type CountryRules } from '../../lib/country.ts';
import { recordRequests, startNetwork } from '../../test/network.ts';
import { expectPageLoad, renderScreen } from '../../test/render-screen.tsx';
import type { PaymentProvider } from '../payment/payment-provider.ts';
import { useParentDraftStore } from './parent-draft-store.ts';
import { ParentFlow } from './parent-screen.tsx';

const network = startNetwork();
const GB = countryRules('en-gb') as CountryRules;
const STRONG = 'seven purple owls at midnight';

/** A stand-in provider: one button that "saves a card" and hands back a reference. */
const fakeProvider: PaymentProvider = {
  id: 'fake',
  Form: ({ currency, onSaved }) => (
    <button type="button" onClick={() => onSaved({ provider: 'fake', reference: `pm_${currency}` })}>
      Save card
    </button>
  ),
};

beforeEach(() => {
  sessionStorage.clear();
  useParentDraftStore.getState().reset();
  useParentDraftStore.getState().update({ purpose: 'sats', parentFirstName: 'Jane', parentLastName: 'Doe', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', yearGroup: '6', username: 'adalovelace' });
  useParentDraftStore.getState().setSecret('password', STRONG);
  useParentDraftStore.getState().setSecret('studentPassword', STRONG);
});
afterEach(cleanup);

describe('the payment step, with a configured provider', () => {
  it('comes before confirm, and the provider’s reference (never card data) goes with the sign-up', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    network.use(mock.post('*/ms_accounts/users/public', () => HttpResponse.json({ id_user: 3, base: 'parent' }, { status: 201 })));
    renderScreen(<ParentFlow rules={GB} provider={fakeProvider} />, { path: '/register/parent/:locale?', url: '/register/parent?step=payment' });
    await screen.findByRole('heading', { level: 2, name: 'Payment details' });
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await screen.findByRole('heading', { level: 2, name: 'Check and confirm' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectPageLoad('/');
    const body = (await requests.find(({ url }) => url.endsWith('/users/public'))?.json()) as { payment?: unknown };
    expect(body.payment).toEqual({ provider: 'fake', reference: 'pm_gbp' });
  });
});
