// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';


import dayjs from 'dayjs';
import { sessionStore } from '../../../api/session';
import type { ExportCommand, ExportEvent } from '../../../render/export/messages';
import type { ExportWorker } from '../../../render/export';
import { WalletSlotsContext, type UserDetailsSlotProps } from '../slots';
import { renderWithApp, transactionList, transactionResource, transactionTypes } from '../test-support';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { defaultReportRange } from '../../../render/report-range';
import { config } from '../../../config';
import WalletTransactionsScreen from './WalletTransactionsScreen';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

const rows = [
  transactionResource('7001', { receiverUserId: '257', receiverName: 'Isatou Touray' }),
  transactionResource('7000', { type: 256, typeName: 'Cash Out', serviceName: 'Cash Out', receiverName: 'Musa Secka', receiverUserId: '246', senderUserId: '229', senderName: 'Jainaba Fofana' }),
];

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway()
    .on('GET', /\/wallet-transactions$/, () => ({ body: transactionList(rows, { itemTotal: 31, pageSize: 10, pageTotal: 4 }) }))
    .on('GET', /\/tx\/transactiontypes$/, () => ({ body: transactionTypes }))
    .on('GET', /\/wt\/transactions\/pdf$/, () => ({ raw: '%PDF-1.7 test', headers: { 'content-type': 'application/pdf' } }));
  fetchProxy.handle = gateway.handle;
});

function signInAs(tenantId: string, roles = [4]) {
  sessionStore.signIn({ userId: '2', email: 'partner@demo.test', accessToken: 'token', roles, tenantId, claim: tenantId, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 });
}

class FakeWorker implements ExportWorker {
  static last: FakeWorker | null = null;
  readonly commands: ExportCommand[] = [];
  onmessage: ((event: MessageEvent<ExportEvent>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(command: ExportCommand) {
    this.commands.push(command);
  }
  terminate() {
    this.terminated = true;
  }
  emit(event: ExportEvent) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: event })));
  }
}

const listCalls = () => gateway.callsTo('GET', /\/wallet-transactions$/);
const label = (day: string) => dayjs(day).format('DD-MMM-YYYY');

describe('/wallet/transactions', () => {
  it('[UW-9.06][UW-7.24] lists the last 7 days to today by default, newest first, paged from the meta', async () => {
    signInAs('teller');
    renderWithApp(<WalletTransactionsScreen />, { route: '/wallet/transactions' });
    await screen.findByText('Isatou Touray');
    const { startDate, endDate } = defaultReportRange();
    const call = listCalls()[0];
    expect(call?.query.get('filter[startDate]')).toBe(startDate);
    expect(call?.query.get('filter[endDate]')).toBe(endDate);
    expect(call?.query.get('sort')).toBe('-created');
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(`${label(startDate)} – ${label(endDate)}`);
    expect(screen.getByText('Showing 1 to 2 of 31')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('page[number]')).toBe('2'));
  });

  it('[RP-2.05] [RP-2.46] columns: #, Sender Name, Receiver Name, Currency Code, Amount, Service Type, Status, Date and Time, Actions', async () => {
    signInAs('teller');
    renderWithApp(<WalletTransactionsScreen />);
    await screen.findByText('Isatou Touray');
    const table = screen.getByRole('table');
    const header = within(within(table).getAllByRole('row')[0] ?? table).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(header.filter(Boolean)).toEqual(['#', 'Sender Name', 'Receiver Name', 'Currency Code', 'Amount', 'Service Type', 'Status', 'Date and Time', 'Actions']);
  });

  it('[RP-4.01] the Status filter offers the wallet statuses PENDING, PROCESSING, FAILED and COMPLETED', () => {
    const status = config.tables['wallet-transactions']?.columns.find((column) => column.id === 'status');
    const options = Array.isArray(status?.filterOptions) ? status.filterOptions.map((option) => option.value) : [];
    expect(options).toEqual(['PENDING', 'PROCESSING', 'FAILED', 'COMPLETED']);
  });

  it('[RP-8.14] a failed list shows the server message, else the connection text', async () => {
    gateway.on('GET', /\/wallet-transactions$/, () => ({ status: 403, body: { errors: [{ status: '403', title: 'Not allowed here' }] } }));
    signInAs('teller');
    const { unmount } = renderWithApp(<WalletTransactionsScreen />);
    expect(await within(screen.getByRole('table')).findByRole('alert')).toHaveTextContent('Not allowed here');
    unmount();
    gateway.on('GET', /\/wallet-transactions$/, () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<WalletTransactionsScreen />);
    expect(await within(screen.getByRole('table')).findByRole('alert')).toHaveTextContent(CONNECTION_TEXT);
  });

  it('[RP-9.08] the Excel file is saved as Transaction List.xlsx', async () => {
    signInAs('teller');
    const download = vi.fn<(blob: Blob, fileName: string) => void>();
    renderWithApp(<WalletTransactionsScreen excelExport={{ createWorker: () => new FakeWorker(), download }} />);
    await screen.findByText('Isatou Touray');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    const blob = new Blob(['xlsx']);
    FakeWorker.last?.emit({ type: 'done', blob });
    expect(download).toHaveBeenCalledWith(blob, 'Transaction List.xlsx');
  });

  it('a range in the address is the one listed', async () => {
    signInAs('teller');
    renderWithApp(<WalletTransactionsScreen />, { route: '/wallet/transactions?startDate=2026-08-24&endDate=2026-11-22' });
    await screen.findByText('Isatou Touray');
    expect(listCalls()[0]?.query.get('filter[startDate]')).toBe('2026-08-24');
    expect(listCalls()[0]?.query.get('filter[endDate]')).toBe('2026-11-22');
  });

  it('[UW-2.61][UW-6.21] Export offers Excel and PDF for a wallet tenant', async () => {
    signInAs('teller');
    renderWithApp(<WalletTransactionsScreen />);
    await screen.findByText('Isatou Touray');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Excel', 'PDF']);
  });

  it('[UW-6.21] a payin tenant gets no PDF export', async () => {
    signInAs('amal');
    renderWithApp(<WalletTransactionsScreen />);
    await screen.findByText('Isatou Touray');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Excel']);
  });

  it('[RP-7.04] PDF asks for the range and saves Transactions_{start}_{end}.pdf', async () => {
    signInAs('teller');
    const savePdf = vi.fn<(blob: Blob, fileName: string) => void>();
    renderWithApp(<WalletTransactionsScreen savePdf={savePdf} />, { route: '/wallet/transactions?startDate=2026-11-01&endDate=2026-11-22' });
    await screen.findByText('Isatou Touray');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    await waitFor(() => expect(savePdf).toHaveBeenCalledTimes(1));
    expect(savePdf.mock.calls[0]?.[1]).toBe('Transactions_2026-11-01_2026-11-22.pdf');
    expect(await savePdf.mock.calls[0]?.[0].text()).toBe('%PDF-1.7 test');
    const [call] = gateway.callsTo('GET', /\/wt\/transactions\/pdf$/);
    expect(call?.query.get('filter[startDate]')).toBe('2026-11-01');
    expect(call?.query.get('filter[endDate]')).toBe('2026-11-22');
    expect(call?.query.get('page[size]')).toBeNull();
  });

  it('[RP-7.03][RP-1.01] Excel exports the wallet report of the range, filters and sort in a worker, with progress and cancel', async () => {
    signInAs('teller');
    renderWithApp(<WalletTransactionsScreen excelExport={{ createWorker: () => new FakeWorker() }} />, {
      route: '/wallet/transactions?startDate=2026-08-24&endDate=2026-11-22',
    });
    await screen.findByText('Isatou Touray');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    const worker = FakeWorker.last;
    const [command] = worker?.commands ?? [];
    expect(command).toMatchObject({ type: 'start', report: 'transactions', filters: { 'filter[startDate]': '2026-08-24', 'filter[endDate]': '2026-11-22', sort: '-created' } });
    expect(command && 'filters' in command ? command.filters : {}).not.toHaveProperty('page[size]');
    worker?.emit({ type: 'progress', done: 10_000, total: 20_000 });
    expect(await screen.findByText('Exporting 10,000 of 20,000 rows')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Excel export' }));
    expect(worker?.terminated).toBe(true);
    expect(screen.queryByText('Exporting 10,000 of 20,000 rows')).not.toBeInTheDocument();
  });

  it("[RP-2.50] a sender or receiver name opens the user's details, opened from 'transactions'", async () => {
    signInAs('teller');
    const shown: UserDetailsSlotProps[] = [];
    const UserDetails = (props: UserDetailsSlotProps) => {
      shown.push(props);
      return props.userId ? <p>Details of {props.userId}</p> : null;
    };
    renderWithApp(
      <WalletSlotsContext value={{ userDetails: UserDetails }}>
        <WalletTransactionsScreen />
      </WalletSlotsContext>,
    );
    await userEvent.click(await screen.findByText('Isatou Touray'));
    expect(await screen.findByText('Details of 257')).toBeInTheDocument();
    expect(shown.at(-1)?.openedFrom).toBe('transactions');
    // A cash-out's user is its receiver too; the sender is the staff member who made it.
    await userEvent.click(screen.getByText('Jainaba Fofana'));
    expect(await screen.findByText('Details of 246')).toBeInTheDocument();
  });
});
