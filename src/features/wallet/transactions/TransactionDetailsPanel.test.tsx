// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { sessionStore } from '../../../api/session';
import { renderWithApp, transactionList, transactionResource, transactionTypes } from '../test-support';
import WalletTransactionsScreen from './WalletTransactionsScreen';

const found = transactionResource('7001', { receiverName: 'Isatou Touray', senderName: 'Lamin Ceesay', remarks: 'Branch deposit' });
const reference = found.attributes.referenceNumber;

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway()
    .on('GET', /\/wallet-transactions$/, () => ({ body: transactionList([]) }))
    .on('GET', /\/search\/wallet-transactions$/, () => ({ body: transactionList([found]) }))
    .on('GET', /\/tx\/transactiontypes$/, () => ({ body: transactionTypes }));
  fetchProxy.handle = gateway.handle;
  sessionStore.signIn({ userId: '2', email: 'partner@demo.test', accessToken: 'token', roles: [4], tenantId: 'teller', claim: 'teller', adminTenant: false, expiresAt: Date.now() + 3_600_000 });
});

describe('a wallet transaction’s details', () => {
  it('opens from the address (?transaction=<reference>), found by reference whatever the listed range', async () => {
    renderWithApp(<WalletTransactionsScreen />, { route: `/wallet/transactions?transaction=${reference}` });
    const panel = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(panel).findByText(reference)).toBeInTheDocument();
    expect(within(panel).getByText('Isatou Touray')).toBeInTheDocument();
    expect(within(panel).getByText('Branch deposit')).toBeInTheDocument();
    expect(gateway.callsTo('GET', /\/search\/wallet-transactions$/)[0]?.query.get('filter[query]')).toBe(reference);
  });

  it('says so when the reference is not one the staff member may see', async () => {
    renderWithApp(<WalletTransactionsScreen />, { route: '/wallet/transactions?transaction=WT-OTHER' });
    const panel = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No transaction WT-OTHER found');
  });
});
