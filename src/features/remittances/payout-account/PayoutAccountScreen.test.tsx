// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { payoutAccountDocument, renderWithApp, signInAs } from '../test-support';
import PayoutAccountScreen from './PayoutAccountScreen';

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway().on('GET', /\/swift\/payout-account\/(\d+)$/, () => ({ body: payoutAccountDocument }));
  fetchProxy.handle = gateway.handle;
});

const lookupAnswer = (accountNumber: string | null, responseCode: string, responseMessage: string) => ({
  body: { data: { type: 'account-lookup', id: accountNumber ?? '9000000001', attributes: { accountNumber, responseCode, responseMessage } } },
});

async function lookUp(accountNumber: string) {
  const lookup = within(screen.getByRole('region', { name: 'Account lookup' }));
  await userEvent.type(lookup.getByRole('textbox', { name: 'Account Number' }), accountNumber);
  await userEvent.click(lookup.getByRole('button', { name: 'Look up' }));
  return lookup;
}

describe('/payoutAccount', () => {
  it('[RP-2.10][RP-2.44][RP-3.05] the card shows available balance, status, email, phone, account name and account number', async () => {
    signInAs('tawakal-swift');
    renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    const card = within(await screen.findByRole('region', { name: 'Payout account details' }));
    expect(await card.findByText('48,250,310.75 NGN')).toBeInTheDocument();
    for (const text of ['ACTIVE', 'payouts@tawakal.example', '2348031234567', 'Tawakal Swift Payouts', '5400012345']) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    for (const label of ['Available Balance', 'Account Status', 'Email Address', 'Phone Number', 'Account Name', 'Account Number']) {
      expect(card.getByText(label)).toBeInTheDocument();
    }
  });

  it("[RP-2.45][RP-9.12] loads on opening only for a tenant with a configured account (payoutAccount in its tenant file), with that tenant's account", async () => {
    signInAs('tawakal-swift');
    renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    await screen.findByText('48,250,310.75 NGN');
    expect(gateway.callsTo('GET', /\/swift\/payout-account\//).map((call) => call.path)).toEqual(['/api/v1/integration/swift/payout-account/5400012345']);
  });

  it('[RP-2.45] a tenant without a payout account loads nothing', async () => {
    signInAs('amal');
    renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    expect(await screen.findByText('There is no payout account for this tenant.')).toBeInTheDocument();
    expect(gateway.calls).toHaveLength(0);
  });

  it('[RP-8.06] the panel shows the error message, else Account unreachable', async () => {
    gateway.on('GET', /\/swift\/payout-account\/(\d+)$/, () => ({ status: 504, body: { errors: [{ status: '504', title: 'Timeout waiting for response from destination', code: 'bank_timeout' }] } }));
    signInAs('tawakal-swift');
    const { unmount } = renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Timeout waiting for response from destination');
    unmount();

    gateway.on('GET', /\/swift\/payout-account\/(\d+)$/, () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Account unreachable');
  });

  it('[RP-7.13] the account lookup sends accountNumber and shows the account the bank knows', async () => {
    gateway.on('GET', '/api/v1/integration/swift/providus-account', () => lookupAnswer('5400012345', '00', 'Approved or completed successfully'));
    signInAs('tawakal-swift');
    renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    const lookup = await lookUp('5400012345');
    expect(await lookup.findByRole('status')).toHaveTextContent('5400012345');
    expect(gateway.callsTo('GET', '/api/v1/integration/swift/providus-account')[0]?.query.get('accountNumber')).toBe('5400012345');
  });

  it('[RP-8.05] an answer without accountNumber shows responseCode - responseMessage', async () => {
    gateway.on('GET', '/api/v1/integration/swift/providus-account', () => lookupAnswer(null, '07', 'Invalid Account'));
    signInAs('tawakal-swift');
    renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    const lookup = await lookUp('9000000001');
    expect(await lookup.findByRole('status')).toHaveTextContent('07 - Invalid Account');
  });

  it("[RP-8.04] an unreachable bank shows 'Account unreachable'", async () => {
    gateway.on('GET', '/api/v1/integration/swift/providus-account', () => ({ status: 502, body: { errors: [{ status: '502', title: 'Beneficiary Bank not available', code: 'bank_unavailable' }] } }));
    signInAs('tawakal-swift');
    renderWithApp(<PayoutAccountScreen />, { route: '/payoutAccount' });
    const lookup = await lookUp('5400012345');
    await waitFor(() => expect(lookup.getByRole('alert')).toHaveTextContent('Account unreachable'));
  });
});
