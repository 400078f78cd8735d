// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { remittanceList, remittanceResource, renderWithApp, signInAs } from '../test-support';
import { DIRECTION_TABLES, PayinTransactionsScreen, PayoutTransactionsScreen } from './RemittanceDirectionScreens';

const received = remittanceResource('9001', {
  payoutExternalId: 'BN2603140000011',
  senderName: 'Abdi Farah',
  receiverName: 'Tigist Bekele',
  receiverCurrency: 'ETB',
  receiverAmount: '23500.00',
  payoutChannel: 'Mobile Money',
  senderRemarks: 'For the children',
  purpose: 'School fees',
});
const loan = remittanceResource('9002', { payoutExternalId: 'BN2603140000012', typeName: 'Loan', externalId: 'LN-55120', senderName: 'Hodan Ali' });

let gateway: FakeGateway;
beforeEach(() => {
  localStorage.clear();
  gateway = new FakeGateway().on('GET', '/api/v1/remittance', () => ({ body: remittanceList([received, loan]) }));
  fetchProxy.handle = gateway.handle;
});

const listCalls = () => gateway.callsTo('GET', '/api/v1/remittance');
const headers = () =>
  within(within(screen.getByRole('table')).getAllByRole('row')[0] ?? screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim())
    .filter(Boolean);

async function show(screenElement: ReactElement, route: string) {
  signInAs('bunna');
  renderWithApp(screenElement, { route });
  await screen.findByText('Tigist Bekele');
}

describe('/remittances/payin and /remittances/payout', () => {
  it('[RP-2.04] [RP-2.47] the pay-in table lists the remittances received, with reference, sender and receiver, currencies, amounts, date, fee and payout channel', async () => {
    await show(<PayinTransactionsScreen />, '/remittances/payin');
    expect(screen.getByRole('heading', { name: 'Pay-in Transactions' })).toBeInTheDocument();
    expect(listCalls()[0]?.query.get('filter[direction]')).toBe('payin');
    expect(listCalls()[0]?.query.get('sort')).toBe('-transactionDate');
    expect(headers()).toEqual([
      '#', 'Reference', 'Sender Name', 'Receiver Name', 'Sender Currency', 'Sender Amount', 'Receiver Currency', 'Receiver Amount', 'Date and Time', 'Fee',
      'Payout Channel', 'Status',
    ]);
    expect(screen.getByText('Mobile Money')).toBeInTheDocument();
    expect(DIRECTION_TABLES.payin).toBe('remittance-payins');
  });

  it('[RP-2.03] [RP-2.47] the pay-out table lists the remittances sent', async () => {
    await show(<PayoutTransactionsScreen />, '/remittances/payout');
    expect(screen.getByRole('heading', { name: 'Pay-out Transactions' })).toBeInTheDocument();
    expect(listCalls()[0]?.query.get('filter[direction]')).toBe('payout');
  });

  it('[RP-2.48] a reference shows the type, remarks and purpose', async () => {
    await show(<PayinTransactionsScreen />, '/remittances/payin');
    await userEvent.click(screen.getByRole('button', { name: 'BN2603140000011' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Transaction Details' }));
    for (const text of ['Type', 'Remittance', 'Remarks', 'For the children', 'Purpose', 'School fees']) expect(dialog.getByText(text)).toBeInTheDocument();
    expect(dialog.queryByText('Loan Id')).toBeNull();
  });

  it('[RP-2.49] [RP-3.03] the loan id shows only for the Loan type', async () => {
    await show(<PayinTransactionsScreen />, '/remittances/payin');
    await userEvent.click(screen.getByRole('button', { name: 'BN2603140000012' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Transaction Details' }));
    expect(dialog.getByText('Loan Id')).toBeInTheDocument();
    expect(dialog.getByText('LN-55120')).toBeInTheDocument();
  });

  it('[RP-2.51] an expanded row shows reference number, amount, total fee, created date, status and remarks', async () => {
    await show(<PayinTransactionsScreen />, '/remittances/payin');
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 1' }));
    const expanded = screen.getByRole('button', { name: 'Collapse row 1' }).closest('tr')?.nextElementSibling;
    for (const text of ['Reference Number', 'Amount', 'Total Fee', 'Created Date', 'Status', 'Remarks', '200.00 USD', '4.50 USD', 'For the children']) {
      expect(expanded).toHaveTextContent(text);
    }
  });
});
