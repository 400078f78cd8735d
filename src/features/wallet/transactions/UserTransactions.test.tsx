// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';


import { ruleContext } from '../../../config/rules';
import { renderWithApp, transactionList, transactionResource, transactionTypes } from '../test-support';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { fakeTopUpActors } from '../top-up/fake-top-up-actors';
import { UserTransactions } from './UserTransactions';

const rows = [
  transactionResource('5010', { status: 'PENDING', type: 1, typeName: 'Top Up', serviceName: 'Top Up' }),
  transactionResource('5009', { status: 'PENDING', type: 4, typeName: 'Request Money', serviceName: 'Request Money', amount: '75.00' }),
  transactionResource('5008', { status: 'COMPLETED', type: 256, typeName: 'Cash Out', serviceName: 'Cash Out', amount: '200.00' }),
  transactionResource('5007', { status: 'PENDING', type: 32, typeName: 'Loan', serviceName: 'Cash In Loan', externalId: 'LN-1' }),
  transactionResource('5006', { status: 'COMPLETED', type: 2, typeName: 'P2P', serviceName: 'P2P Transfer' }),
  transactionResource('5005', { status: 'FAILED', type: 8, typeName: 'Disbursement', serviceName: 'Disbursement' }),
];

let gateway: FakeGateway;
beforeEach(() => {
  gateway = new FakeGateway()
    .on('GET', /\/wallet-transactions$/, () => ({ body: transactionList(rows, { itemTotal: 46, pageTotal: 3 }) }))
    .on('GET', /\/tx\/transactiontypes$/, () => ({ body: transactionTypes }));
  fetchProxy.handle = gateway.handle;
});

const officer = ruleContext({ role: 16, roles: [16], tenant: 'naccug', tenantType: 'wallet', openedFrom: 'users' });

function rowOf(reference: string) {
  const cell = screen.getByText(reference);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${reference}`);
  return within(row);
}

describe("a user's transactions (the Transactions tab)", () => {
  it('[UW-7.29][UW-7.24][RP-7.22] is fetched for that user (listWalletTransactions filter[userId], the contract decides it), 20 a page, newest reference first', async () => {
    renderWithApp(<UserTransactions userId="257" context={officer} />);
    await screen.findByText('WT2026112100005010');
    const [call] = gateway.callsTo('GET', /\/wallet-transactions$/);
    expect(call?.query.get('page[size]')).toBe('20');
    expect(call?.query.get('page[number]')).toBe('1');
    expect(call?.query.get('sort')).toBe('-referenceNumber');
    expect(call?.query.get('filter[userId]')).toBe('257');
    expect(screen.getByRole('columnheader', { name: /Reference/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('[UW-4.24][UW-4.25][UW-4.26][UW-4.27] colours the service type: Cash Out red, Loan warning, P2P info, others green', async () => {
    renderWithApp(<UserTransactions userId="257" context={officer} />);
    await screen.findByText('WT2026112100005010');
    const colourOf = (reference: string, type: string) =>
      rowOf(reference).getByText(type).closest('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(colourOf('WT2026112100005008', 'Cash Out')).toContain('red');
    expect(colourOf('WT2026112100005007', 'Loan')).toContain('orange');
    expect(colourOf('WT2026112100005006', 'P2P')).toContain('cyan');
    expect(colourOf('WT2026112100005009', 'Request Money')).toContain('green');
    expect(colourOf('WT2026112100005010', 'Top Up')).toContain('green');
    expect(colourOf('WT2026112100005005', 'Disbursement')).toContain('green');
  });

  it('[RP-2.52] the OTP action shows only on PENDING rows whose service is not Request Money', async () => {
    renderWithApp(<UserTransactions userId="257" context={officer} />);
    await screen.findByText('WT2026112100005010');
    expect(rowOf('WT2026112100005010').getByRole('button', { name: 'OTP' })).toBeInTheDocument();
    expect(rowOf('WT2026112100005007').getByRole('button', { name: 'OTP' })).toBeInTheDocument();
    expect(rowOf('WT2026112100005009').queryByRole('button', { name: 'OTP' })).not.toBeInTheDocument();
    expect(rowOf('WT2026112100005008').queryByRole('button', { name: 'OTP' })).not.toBeInTheDocument();
    expect(rowOf('WT2026112100005005').queryByRole('button', { name: 'OTP' })).not.toBeInTheDocument();
  });

  it('[RP-6.08] payout admins get no Actions column and no OTP action', async () => {
    renderWithApp(<UserTransactions userId="257" context={{ ...officer, payoutAdmin: true }} />);
    await screen.findByText('WT2026112100005010');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'OTP' })).not.toBeInTheDocument();
  });

  it('[RP-2.53][RP-2.43][RP-4.31][RP-7.23] the OTP action opens the code step (confirm and re-send as users-and-wallets §4 decides them) for that transaction; a confirmation refreshes the list and the user', async () => {
    const flow = fakeTopUpActors();
    const onChanged = vi.fn();
    renderWithApp(<UserTransactions userId="257" context={officer} onChanged={onChanged} actors={flow.actors} />);
    await screen.findByText('WT2026112100005010');
    await userEvent.click(rowOf('WT2026112100005007').getByRole('button', { name: 'OTP' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: /Cash In Loan/ })).toBeInTheDocument();
    expect(dialog.getByText('WT2026112100005007')).toBeInTheDocument();

    flow.answerResend({ value: undefined });
    await userEvent.click(dialog.getByRole('button', { name: 'Re-send code' }));
    await dialog.findByText('OPT has successfully been sent to your registered mobile and email address.');
    expect(flow.resent).toEqual([{ id: '5007' }]);

    flow.answerConfirm({
      value: { id: '5007', referenceNumber: 'WT2026112100005007', transactionDate: '2026-11-21T10:09:00Z', amount: '500.00', fee: '0.00', currency: 'GMD', status: 'COMPLETED', type: 32 },
    });
    await userEvent.type(dialog.getByRole('textbox', { name: /One-time code/ }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Send Request' }));
    const listCalls = gateway.callsTo('GET', /\/wallet-transactions$/).length;
    await userEvent.click(await dialog.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(gateway.callsTo('GET', /\/wallet-transactions$/).length).toBeGreaterThan(listCalls));
  });
});
