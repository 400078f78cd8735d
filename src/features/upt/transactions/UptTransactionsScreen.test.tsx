// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { defaultReportRange } from '../../../render/report-range';
import { listDocument, renderWithApp, signInAs, uptTransactionResource } from '../test-support';
import UptTransactionsScreen from './UptTransactionsScreen';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

const rows = [
  uptTransactionResource('1', { senderFirstName: 'Mehmet', beneficiaryIban: 'TR330006100519786457841326', commissionAmount: '2.5', commissionCurrency: 'USD' }),
  uptTransactionResource('2', { senderName: 'Ayse Kaya', amount: '75.00', amountCurrency: 'EUR' }),
];

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway().on('GET', '/api/v1/upt/transaction', () => ({ body: listDocument(rows) }));
  fetchProxy.handle = gateway.handle;
});

const listCalls = () => gateway.callsTo('GET', '/api/v1/upt/transaction');
const syncAnswer = { body: { data: { type: 'sync', id: 'sync-1', attributes: { startDate: '2026-11-15', endDate: '2026-11-22', received: 4, added: 1, updated: 3 } } } };

async function show(route = '/upt/transactions/remittances') {
  signInAs('payinupt');
  renderWithApp(<UptTransactionsScreen />, { route });
  await screen.findByText('Ayse Kaya');
}

describe('/upt/transactions/remittances', () => {
  it('[RP-2.07][RP-2.54][RP-7.05] columns: reference, partner reference, sender, beneficiary, date, amount and currency, status', async () => {
    await show();
    const table = screen.getByRole('table', { name: 'Universal Payment Transactions' });
    const headers = within(within(table).getAllByRole('row')[0] ?? table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['#', 'Reference', 'Partner Reference', 'Sender Name', 'Beneficiary Name', 'Date', 'Amount', 'Status']);
    expect(screen.getByText('75.00 EUR')).toBeInTheDocument();
    const { startDate, endDate } = defaultReportRange();
    expect(listCalls()[0]?.query.get('filter[startDate]')).toBe(startDate);
    expect(listCalls()[0]?.query.get('filter[endDate]')).toBe(endDate);
    expect(listCalls()[0]?.query.get('sort')).toBe('-transactionDate');
  });

  it('[RP-2.55][RP-3.08] a row opens a modal listing the report fields', async () => {
    await show();
    await userEvent.click(screen.getByText('Mehmet Yilmaz'));
    const modal = within(await screen.findByRole('dialog', { name: 'Universal Payment Transaction' }));
    expect(modal.getByText('Beneficiary IBAN')).toBeInTheDocument();
    expect(modal.getByText('TR330006100519786457841326')).toBeInTheDocument();
    expect(modal.getByText('Commission Amount')).toBeInTheDocument();
    expect(modal.getByText('2.50')).toBeInTheDocument();
    expect(modal.getByText('Received Payment Currency')).toBeInTheDocument();
  });

  it('[RP-4.32][RP-7.07][RP-5.12] Force Sync posts the range as YYYY-MM-DD, then the table refetches', async () => {
    gateway.on('POST', '/api/v1/upt/transaction/sync', () => syncAnswer);
    await show('/upt/transactions/remittances?startDate=2026-11-15&endDate=2026-11-22');
    const before = listCalls().length;
    await userEvent.click(screen.getByRole('button', { name: 'Force Sync' }));
    await waitFor(() => expect(gateway.callsTo('POST', '/api/v1/upt/transaction/sync')).toHaveLength(1));
    expect(gateway.callsTo('POST', '/api/v1/upt/transaction/sync')[0]?.body).toEqual({ data: { type: 'sync', attributes: { STARTDATE: '2026-11-15', ENDDATE: '2026-11-22' } } });
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
    expect(await screen.findByText('4 received, 1 added, 3 updated.')).toBeInTheDocument();
  });

  it('[RP-2.56][RP-2.57] Force Sync and Refresh are disabled while loading', async () => {
    let answer: (value: Response) => void = () => {};
    gateway.on('POST', '/api/v1/upt/transaction/sync', () => new Promise<Response>((resolve) => (answer = resolve)));
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Force Sync' }));
    expect(screen.getByRole('button', { name: 'Force Sync' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    answer(new Response(JSON.stringify(syncAnswer.body), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    const before = listCalls().length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });

  it('[RP-8.13] a failed sync shows the server message, else the connection text', async () => {
    gateway.on('POST', '/api/v1/upt/transaction/sync', () => ({ status: 422, body: { errors: [{ status: '422', title: 'The range is longer than 366 days', source: { pointer: '/data/attributes/ENDDATE' } }] } }));
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Force Sync' }));
    expect(await screen.findByText('The range is longer than 366 days')).toBeInTheDocument();
    gateway.on('POST', '/api/v1/upt/transaction/sync', () => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.click(screen.getByRole('button', { name: 'Force Sync' }));
    expect(await screen.findByText(CONNECTION_TEXT)).toBeInTheDocument();
  });

  it('[RP-8.12] a failed list shows the server message', async () => {
    gateway.on('GET', '/api/v1/upt/transaction', () => ({ status: 403, body: { errors: [{ status: '403', title: 'Not allowed here' }] } }));
    signInAs('payinupt');
    renderWithApp(<UptTransactionsScreen />);
    const table = await screen.findByRole('table', { name: 'Universal Payment Transactions' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('Not allowed here');
  });

  it('[RP-7.06] PDF asks the configured URI for the range and filters and saves UPT_{start}_{end}.pdf', async () => {
    gateway.on('GET', '/api/v1/upt/transaction/pdf', () => ({ raw: '%PDF-1.7 upt', headers: { 'content-type': 'application/pdf' } }));
    const savePdf = vi.fn<(blob: Blob, fileName: string) => void>();
    signInAs('payinupt');
    renderWithApp(<UptTransactionsScreen savePdf={savePdf} />, { route: '/upt/transactions/remittances?startDate=2026-11-01&endDate=2026-11-22&filter%5Bstatus%5D=paid' });
    await screen.findByText('Ayse Kaya');
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(savePdf).toHaveBeenCalledTimes(1));
    expect(savePdf.mock.calls[0]?.[1]).toBe('UPT_2026-11-01_2026-11-22.pdf');
    const [call] = gateway.callsTo('GET', '/api/v1/upt/transaction/pdf');
    expect(call?.query.get('filter[startDate]')).toBe('2026-11-01');
    expect(call?.query.get('filter[status]')).toBe('paid');
    expect(call?.query.get('page[size]')).toBeNull();
  });
});
