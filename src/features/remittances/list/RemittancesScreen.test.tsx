// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { defaultReportRange } from '../../../render/report-range';
import {
  PAYOUT_ADMIN_ACTIONS,
  payoutAccountDocument,
  remittanceDocument,
  remittanceList,
  remittanceResource,
  renderWithApp,
  signInAs,
  swiftStatusDocument,
  type RemittanceResource,
} from '../test-support';
import RemittancesScreen from './RemittancesScreen';

const paid = remittanceResource('r-7001', { payinId: 'pi-8f3a21', payoutExternalId: 'TS240301000451|AMX', partnerId: 'AMX' });
const stuck = remittanceResource('r-7002', {
  payoutExternalId: 'TS240301000452',
  payinId: 'pi-77aa02',
  senderName: 'Amina Warsame',
  senderAmount: '0.00',
  statusId: 128,
  status: ' Timeout waiting for response from destination ',
  reprocessable: true,
  actions: PAYOUT_ADMIN_ACTIONS,
});
const editable = (resource: RemittanceResource): RemittanceResource => ({
  ...resource,
  attributes: { ...resource.attributes, actions: { ...resource.attributes.actions, editStatus: true } },
});
let rows: RemittanceResource[] = [];

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  rows = [editable(paid), stuck];
  gateway = new FakeGateway()
    .on('GET', '/api/v1/remittance', () => ({ body: remittanceList(rows, { itemTotal: 12, pageSize: 10, pageTotal: 2 }) }))
    .on('GET', /\/swift\/payout-account\/(\d+)$/, () => ({ body: payoutAccountDocument }));
  fetchProxy.handle = gateway.handle;
});

const listCalls = () => gateway.callsTo('GET', '/api/v1/remittance');
const table = () => screen.getByRole('table', { name: 'Remittance Transactions' });
const headers = () => within(within(table()).getAllByRole('row')[0] ?? table()).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

async function showPayoutAdminList() {
  signInAs('tawakal-swift');
  renderWithApp(<RemittancesScreen />);
  await screen.findByText('Amina Warsame');
}

describe('/transactions/remittances', () => {
  it('[RP-2.01][RP-7.01][RP-9.07] lists the last 7 days to today, newest first, paged from the meta', async () => {
    await showPayoutAdminList();
    const { startDate, endDate } = defaultReportRange();
    const call = listCalls()[0];
    expect(call?.query.get('filter[startDate]')).toBe(startDate);
    expect(call?.query.get('filter[endDate]')).toBe(endDate);
    expect(call?.query.get('sort')).toBe('-transactionDate');
    expect(call?.query.get('page[number]')).toBe('1');
    expect(screen.getByText('Showing 1 to 2 of 12')).toBeInTheDocument();
  });

  it('[RP-2.02] /transactions/remittances/{filterstatus} presets the Status filter', async () => {
    signInAs('tawakal-swift');
    renderWithApp(<RemittancesScreen />, { route: '/transactions/remittances/128' });
    await screen.findByText('Amina Warsame');
    expect(listCalls().at(-1)?.query.get('filter[statusId]')).toBe('128');
    expect(screen.getByTestId('address')).toHaveTextContent('/transactions/remittances?filter%5BstatusId%5D=128');
    expect(screen.getByRole('combobox', { name: 'Filter Status' })).toHaveValue('128 Failed');
  });

  it('[RP-2.64] a dashboard widget\'s route keeps its date range beside the preset status', async () => {
    signInAs('tawakal-swift');
    renderWithApp(<RemittancesScreen />, { route: '/transactions/remittances/256?startDate=2026-03-01&endDate=2026-03-14' });
    await screen.findByText('Amina Warsame');
    const call = listCalls().at(-1);
    expect(call?.query.get('filter[statusId]')).toBe('256');
    expect(call?.query.get('filter[startDate]')).toBe('2026-03-01');
    expect(call?.query.get('filter[endDate]')).toBe('2026-03-14');
  });

  it('[RP-2.18][RP-2.26] columns: row number, Select, Reference #, parent reference, Pay-in ID, sender, amounts, date, fee, FX, Status, Description, admin notes, Actions', async () => {
    await showPayoutAdminList();
    expect(headers()).toEqual([
      '',
      '',
      '#',
      'Reference #',
      'Parent Reference',
      'Pay-in ID',
      'Sender Name',
      'Sender Amount',
      'Receiver Name',
      'Receiver Amount',
      'Date and Time',
      'Fee',
      'FX',
      'Status',
      'Description',
      'Admin Notes',
      'Actions',
    ]);
    expect(within(table()).getByRole('checkbox', { name: 'Select all rows' })).toBeInTheDocument();
  });

  it('[RP-2.20][RP-2.22][RP-2.23][RP-2.24][RP-2.25][RP-9.01] cells: the reference, the pay-in id uppercased, amounts with currency, the date, status id and text', async () => {
    await showPayoutAdminList();
    const row = within(rowOf('Hodan Ali'));
    expect(row.getByRole('button', { name: 'TS240301000451|AMX' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'PI-8F3A21' })).toBeInTheDocument();
    expect(row.getByText('200.00 USD')).toBeInTheDocument();
    expect(row.getByText('304,070.00 NGN')).toBeInTheDocument();
    expect(row.getByText(dayjs('2026-11-21T09:14:00Z').format('DD-MMM-YYYY h:mma'))).toBeInTheDocument();
    expect(row.getByText('4.50')).toBeInTheDocument();
    expect(row.getByText('1,520.35')).toBeInTheDocument();
    expect(row.getByText('256')).toBeInTheDocument();
    expect(row.getByText('Approved or completed successfully')).toBeInTheDocument();
  });

  it('[RP-2.27] amounts above 0 are green, 0 or below red', async () => {
    await showPayoutAdminList();
    expect(within(rowOf('Hodan Ali')).getByText('200.00 USD').getAttribute('style')).toContain('teal-text');
    expect(within(rowOf('Amina Warsame')).getByText('0.00 USD').getAttribute('style')).toContain('red-text');
  });

  it('[RP-2.33][RP-2.34][RP-2.35][RP-2.36] status colours: successful success green, processing primary, pending warning, else danger', async () => {
    // The theme's semantic colours in Mantine's names: success green is teal (as the green amounts of RP-2.27),
    // primary blue, warning orange, danger red.
    rows = [
      remittanceResource('r-7101', { senderName: 'Paid Sender', statusId: 256 }),
      remittanceResource('r-7102', { senderName: 'Processing Sender', statusId: 4 }),
      remittanceResource('r-7103', { senderName: 'Pending Sender', statusId: 2 }),
      remittanceResource('r-7104', { senderName: 'Failed Sender', statusId: 128 }),
      remittanceResource('r-7105', { senderName: 'Other Sender', statusId: 0 }),
    ];
    signInAs('tawakal-swift');
    renderWithApp(<RemittancesScreen />);
    await screen.findByText('Paid Sender');
    const statusColumn = headers().indexOf('Status');
    const badgeStyle = (sender: string) => within(rowOf(sender)).getAllByRole('cell')[statusColumn]?.querySelector('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(badgeStyle('Paid Sender')).toContain('--mantine-color-teal');
    expect(badgeStyle('Processing Sender')).toContain('--mantine-color-blue');
    expect(badgeStyle('Pending Sender')).toContain('--mantine-color-orange');
    expect(badgeStyle('Failed Sender')).toContain('--mantine-color-red');
    expect(badgeStyle('Other Sender')).toContain('--mantine-color-red');
  });

  it('[RP-2.21] the parent reference shows the cardPaymentReference, and is hidden for the tenant that hides it (nationtransfer)', async () => {
    rows = [remittanceResource('r-7001', { senderName: 'Hodan Ali', cardPaymentReference: 'CP-55120' }), remittanceResource('r-7002', { senderName: 'Amina Warsame', cardPaymentReference: 'CP-66231' })];
    signInAs('tawakal-swift');
    const { unmount } = renderWithApp(<RemittancesScreen />);
    await screen.findByText('Amina Warsame');
    const parentColumn = headers().indexOf('Parent Reference');
    expect(parentColumn).toBeGreaterThan(-1);
    expect(within(rowOf('Hodan Ali')).getAllByRole('cell')[parentColumn]).toHaveTextContent('CP-55120');
    expect(within(rowOf('Amina Warsame')).getAllByRole('cell')[parentColumn]).toHaveTextContent('CP-66231');
    unmount();

    signInAs('nationtransfer');
    renderWithApp(<RemittancesScreen />);
    await screen.findByText('Amina Warsame');
    expect(headers()).not.toContain('Parent Reference');
    expect(screen.queryByText('CP-55120')).not.toBeInTheDocument();
    expect(screen.queryByText('CP-66231')).not.toBeInTheDocument();
  });

  it('[RP-2.28][RP-2.37] a reference or a pay-in id opens the details popup', async () => {
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('button', { name: 'TS240301000451|AMX' }));
    const details = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(within(details).getByText('AMX')).toBeInTheDocument();
    expect(within(details).getByText('Family support')).toBeInTheDocument();
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transaction Details' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'PI-77AA02' }));
    expect(await screen.findByRole('dialog', { name: 'Transaction Details' })).toHaveTextContent('TS240301000452');
  });

  it("the details' History tab shows the row's audit trail with its diff to the payout admin (role 4)", async () => {
    gateway.on('GET', /\/audit$/, () => ({
      body: {
        data: [
          {
            type: 'audit-event',
            id: '31',
            attributes: {
              at: '2026-11-20T10:00:00Z', actorId: '5', actorEmail: 'payout@demo.test', tenant: 'tawakal-swift', action: 'remittance.status',
              entity: 'remittance', entityId: 'r-1', before: { status: 'Pending' }, after: { status: 'Paid' }, reason: 'Bank confirmed',
            },
          },
        ],
        meta: { itemTotal: 1, pageNumber: 1, pageSize: 10, pageTotal: 1 },
      },
    }));
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('button', { name: 'TS240301000451|AMX' }));
    const details = within(await screen.findByRole('dialog', { name: 'Transaction Details' }));
    await userEvent.click(details.getByRole('tab', { name: 'History' }));
    const history = within(await details.findByRole('table', { name: 'History' }));
    expect(history.getByText('Bank confirmed')).toBeInTheDocument();
    expect(history.getByText('Paid')).toBeInTheDocument();
    const [call] = gateway.callsTo('GET', /\/audit$/);
    expect(call?.query.get('filter[entity]')).toBe('remittance');
  });

  it('[RP-3.03] a Loan shows its externalId as Loan Id', async () => {
    rows = [remittanceResource('r-7009', { typeName: 'Loan', externalId: 'LN-44120', senderName: 'Loan Sender' })];
    signInAs('tawakal-swift');
    renderWithApp(<RemittancesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'TS261121000009' }));
    const details = within(await screen.findByRole('dialog', { name: 'Transaction Details' }));
    expect(details.getByText('Loan Id')).toBeInTheDocument();
    expect(details.getByText('LN-44120')).toBeInTheDocument();
  });

  it('[RP-2.29][RP-2.30] one click ticks a row, a second opens its details', async () => {
    await showPayoutAdminList();
    await userEvent.click(screen.getByText('Hodan Ali'));
    expect(within(rowOf('Hodan Ali')).getByRole('checkbox')).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Hodan Ali'));
    expect(await screen.findByRole('dialog', { name: 'Transaction Details' })).toBeInTheDocument();
  });

  it('[RP-2.30] a reprocessable row does not open on a second click: it is unticked', async () => {
    await showPayoutAdminList();
    await userEvent.click(screen.getByText('Amina Warsame'));
    expect(within(rowOf('Amina Warsame')).getByRole('checkbox')).toBeChecked();
    await userEvent.click(screen.getByText('Amina Warsame'));
    expect(within(rowOf('Amina Warsame')).getByRole('checkbox')).not.toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[RP-2.19][RP-2.17][RP-6.03] select-all ticks every row; ticked rows show the selected reprocessing and edit buttons', async () => {
    await showPayoutAdminList();
    expect(screen.queryByRole('button', { name: /Reprocess Selected/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getAllByRole('checkbox', { name: /^Select row/ }).every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByRole('button', { name: 'Reprocess Selected (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Selected Status (2)' })).toBeInTheDocument();
  });

  it('[RP-2.12] rows expand to show the payout channel, partner, bank and purpose', async () => {
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 1' }));
    const expanded = screen.getByRole('button', { name: 'Collapse row 1' }).closest('tr')?.nextElementSibling;
    expect(expanded).toHaveTextContent('Payout Channel');
    expect(expanded).toHaveTextContent('SWIFT');
    expect(expanded).toHaveTextContent('PROVNGLA');
  });

  it('[RP-2.13][RP-6.01][RP-6.02][RP-2.16] the payout admin sees the Available Balance and Bulk Reprocessing', async () => {
    await showPayoutAdminList();
    expect(await screen.findByText('48,250,310.75 NGN')).toBeInTheDocument();
    expect(screen.getByText('Available Balance:')).toBeInTheDocument();
    expect(gateway.callsTo('GET', /\/swift\/payout-account\/5400012345$/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Bulk Reprocessing' })).toBeInTheDocument();
  });

  it('[RP-6.06][RP-6.07] others see neither the balance, bulk or selected actions, nor the Actions column', async () => {
    signInAs('amal');
    renderWithApp(<RemittancesScreen />);
    await screen.findByText('Amina Warsame');
    expect(screen.queryByText('Available Balance:')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bulk Reprocessing' })).not.toBeInTheDocument();
    expect(headers()).not.toContain('Actions');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.queryByRole('button', { name: /Selected/ })).not.toBeInTheDocument();
    expect(gateway.callsTo('GET', /\/swift\/payout-account\//)).toHaveLength(0);
  });

  it('[RP-6.05][RP-9.11] a payout-admin tenant without the payout admin role sees no payout-admin views', async () => {
    signInAs('tawakal-swift', [64]);
    renderWithApp(<RemittancesScreen />);
    await screen.findByText('Amina Warsame');
    expect(screen.queryByText('Available Balance:')).not.toBeInTheDocument();
    expect(headers()).not.toContain('Actions');
  });

  it('[RP-8.06] the balance panel shows the error message, else Account unreachable', async () => {
    gateway.on('GET', /\/swift\/payout-account\/(\d+)$/, () => ({ status: 502, body: { errors: [{ status: '502', title: 'Beneficiary Bank not available', code: 'bank_unavailable' }] } }));
    await showPayoutAdminList();
    expect(await screen.findByText('Beneficiary Bank not available')).toBeInTheDocument();
  });

  it('[RP-2.31][RP-2.32][RP-6.04] Analyse Request and Edit Status show on the rows the gateway allows them for (its actions flags, the contract\'s decision)', async () => {
    await showPayoutAdminList();
    const stuckRow = within(rowOf('Amina Warsame'));
    expect(stuckRow.getByRole('button', { name: 'Analyse Request' })).toBeInTheDocument();
    expect(stuckRow.getByRole('button', { name: 'Edit Status' })).toBeInTheDocument();
    expect(stuckRow.getByRole('button', { name: 'Reprocess' })).toBeInTheDocument();
    const paidRow = within(rowOf('Hodan Ali'));
    expect(paidRow.queryByRole('button', { name: 'Analyse Request' })).not.toBeInTheDocument();
    expect(paidRow.getByRole('button', { name: 'Edit Status' })).toBeInTheDocument();
  });

  it('[RP-2.14] the date range picker shows the range; a range in the address is the one listed', async () => {
    signInAs('tawakal-swift');
    renderWithApp(<RemittancesScreen />, { route: '/transactions/remittances?startDate=2026-08-24&endDate=2026-11-22' });
    await screen.findByText('Amina Warsame');
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent('24-Aug-2026 – 22-Nov-2026');
    expect(listCalls()[0]?.query.get('filter[startDate]')).toBe('2026-08-24');
    expect(listCalls()[0]?.query.get('filter[endDate]')).toBe('2026-11-22');
  });

  it('[RP-2.15] Refresh refetches the list', async () => {
    await showPayoutAdminList();
    const before = listCalls().length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });
});

describe('swift status from the table', () => {
  it('[RP-4.08][RP-2.42][RP-2.41][RP-4.18][RP-4.19] Analyse Request → 32 → Cancel with Yes → sent → Close → refetch 300 ms later', async () => {
    gateway
      .on('GET', /\/nip-transactions\/(.+)$/, () => ({ body: swiftStatusDocument(stuck, '32', 'TRANSACTION REFERENCE EXISTS') }))
      .on('POST', '/api/v1/integration/swift/cancel-transactions', () => ({
        body: remittanceDocument({ ...stuck, attributes: { ...stuck.attributes, statusId: 128, status: 'Cancelled - Returned' } }),
      }));
    await showPayoutAdminList();
    await userEvent.click(within(rowOf('Amina Warsame')).getByRole('button', { name: 'Analyse Request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Swift Transaction Status' }));
    expect(await dialog.findByText('This transaction will be reprocessed with a new reference: TS240301000452A')).toBeInTheDocument();
    expect(gateway.callsTo('GET', /\/nip-transactions\//)[0]?.path).toBe('/api/v1/integration/swift/nip-transactions/TS240301000452');
    expect(dialog.getByRole('button', { name: 'Re-Initiate' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel Transaction' }));

    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel Transaction' }));
    await userEvent.type(confirm.getByRole('textbox', { name: 'Reason' }), 'Returned');
    await userEvent.click(confirm.getByRole('button', { name: 'Yes' }));
    expect(await dialog.findByText('Request Sent Sucessfully!')).toBeInTheDocument();
    expect(gateway.callsTo('POST', '/api/v1/integration/swift/cancel-transactions')[0]?.body).toEqual({
      data: { type: 'Transaction', attributes: { id: 'r-7002', reason: 'Returned', responseMessage: 'TRANSACTION REFERENCE EXISTS' } },
    });
    expect(dialog.queryByRole('button', { name: 'Cancel Transaction' })).not.toBeInTheDocument();

    const before = listCalls().length;
    // Only the test moves the clock: with shouldAdvanceTime a loaded machine's real delay between the click and the
    // first step could pass the 300 ms on its own.
    vi.useFakeTimers();
    try {
      // fireEvent (wrapped in act): user-event's own pauses are timers too, and would wait on the faked clock.
      fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(listCalls().length).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(150));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });

  it('[RP-4.17] No sends nothing', async () => {
    gateway.on('GET', /\/nip-transactions\/(.+)$/, () => ({ body: swiftStatusDocument(stuck, '01', 'Transaction does not exist.') }));
    await showPayoutAdminList();
    await userEvent.click(within(rowOf('Amina Warsame')).getByRole('button', { name: 'Analyse Request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Swift Transaction Status' }));
    expect(await dialog.findByText('This transaction can be re-initiated or cancelled.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Cancel Transaction' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Re-Initiate' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Re-Initiate' }));
    await userEvent.click(confirm.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Re-Initiate' })).not.toBeInTheDocument());
    expect(gateway.callsTo('POST', '/api/v1/integration/swift/republish-transactions')).toHaveLength(0);
  });

  it("[RP-4.18] Analyse Request on another row starts clean: the last row's 'Request Sent Sucessfully!' shows nowhere", async () => {
    const other = remittanceResource('r-7003', {
      payoutExternalId: 'TS240301000453',
      senderName: 'Yusuf Farah',
      statusId: 128,
      status: 'Timeout waiting for response from destination',
      reprocessable: true,
      actions: PAYOUT_ADMIN_ACTIONS,
    });
    rows = [stuck, other];
    gateway
      .on('GET', /\/nip-transactions\/TS240301000452$/, () => ({ body: swiftStatusDocument(stuck, '01', 'Transaction does not exist.') }))
      .on('GET', /\/nip-transactions\/TS240301000453$/, () => ({ body: swiftStatusDocument(other, '00', 'Approved or completed successfully') }))
      .on('POST', '/api/v1/integration/swift/republish-transactions', () => ({ body: remittanceDocument(stuck) }));
    await showPayoutAdminList();
    await userEvent.click(within(rowOf('Amina Warsame')).getByRole('button', { name: 'Analyse Request' }));
    const first = within(await screen.findByRole('dialog', { name: 'Swift Transaction Status' }));
    await userEvent.click(await first.findByRole('button', { name: 'Re-Initiate' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Re-Initiate' })).getByRole('button', { name: 'Yes' }));
    expect(await first.findByText('Request Sent Sucessfully!')).toBeInTheDocument();
    // The flow's toast says it too (remittances-and-payouts §4), and is still up when the next row is analysed.
    await waitFor(() => expect(screen.getAllByText('Request Sent Sucessfully!')).toHaveLength(2));
    await userEvent.click(first.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Swift Transaction Status' })).not.toBeInTheDocument());

    expect(screen.getAllByText('Request Sent Sucessfully!')).toHaveLength(1);
    await userEvent.click(within(rowOf('Yusuf Farah')).getByRole('button', { name: 'Analyse Request' }));
    const second = within(await screen.findByRole('dialog', { name: 'Swift Transaction Status' }));
    expect(await second.findByText('Approved or completed successfully')).toBeInTheDocument();
    // Taken down at once (the toast would otherwise stay its 5 seconds); waitFor only lets its exit transition end.
    await waitFor(() => expect(screen.queryByText('Request Sent Sucessfully!')).not.toBeInTheDocument());
    expect(screen.queryByText('Please wait a moment and refresh the page.')).not.toBeInTheDocument();
  });

  it('[RP-8.07] a bank that cannot be reached shows its message in a red alert with Close', async () => {
    gateway.on('GET', /\/nip-transactions\/(.+)$/, () => ({ status: 504, body: { errors: [{ status: '504', title: 'Timeout waiting for response from destination', code: 'bank_timeout' }] } }));
    await showPayoutAdminList();
    await userEvent.click(within(rowOf('Amina Warsame')).getByRole('button', { name: 'Analyse Request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Swift Transaction Status' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Timeout waiting for response from destination');
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Swift Transaction Status' })).not.toBeInTheDocument());
  });
});

describe('edit status', () => {
  it('[RP-4.21][RP-2.38][RP-7.15] Edit Status sends the code and description, then the table refetches', async () => {
    gateway.on('PATCH', /\/bank-payouts\/(.+)$/, () => ({ body: remittanceDocument(stuck) }));
    await showPayoutAdminList();
    await userEvent.click(within(rowOf('Amina Warsame')).getByRole('button', { name: 'Edit Status' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Status: TS240301000452' }));
    const code = await dialog.findByRole('textbox', { name: /Status Code/ });
    expect(code).toHaveValue('128');
    await userEvent.clear(code);
    await userEvent.type(code, '256');
    const description = dialog.getByRole('textbox', { name: /Status Description/ });
    await userEvent.clear(description);
    await userEvent.type(description, 'Paid manually at branch');
    const before = listCalls().length;
    await userEvent.click(dialog.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', /\/bank-payouts\//)).toHaveLength(1));
    const [call] = gateway.callsTo('PATCH', /\/bank-payouts\//);
    expect(call?.path).toBe('/api/v1/bank-payouts/r-7002');
    expect(call?.body).toEqual({ data: { type: 'Transaction', id: 'r-7002', attributes: { StatusCode: 256, StatusDescription: 'Paid manually at branch' } } });
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit Status/ })).not.toBeInTheDocument());
  });

  it('[RP-5.07][RP-5.08][RP-5.09] the code is required, 0 to 256, and the description required', async () => {
    await showPayoutAdminList();
    await userEvent.click(within(rowOf('Hodan Ali')).getByRole('button', { name: 'Edit Status' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Edit Status/ }));
    const code = await dialog.findByRole('textbox', { name: /Status Code/ });
    await userEvent.clear(code);
    await userEvent.clear(dialog.getByRole('textbox', { name: /Status Description/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Update Status' }));
    expect(await dialog.findByText('Status Code is required')).toBeInTheDocument();
    expect(dialog.getByText('Status Description is required')).toBeInTheDocument();
    await userEvent.type(code, '257');
    expect(await dialog.findByText('Status Code must be a whole number from 0 to 256')).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', /\/bank-payouts\//)).toHaveLength(0);
  });

  it('[RP-4.22] a failed edit opens a dialog with the error text and Close', async () => {
    gateway.on('PATCH', /\/bank-payouts\/(.+)$/, () => ({ status: 409, body: { errors: [{ status: '409', title: 'The transaction changed meanwhile', code: 'row_changed' }] } }));
    await showPayoutAdminList();
    await userEvent.click(within(rowOf('Hodan Ali')).getByRole('button', { name: 'Edit Status' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Edit Status/ }));
    await dialog.findByRole('textbox', { name: /Status Code/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Update Status' }));
    const failure = within(await screen.findByRole('dialog', { name: 'Status Update Failed' }));
    expect(failure.getByRole('alert')).toHaveTextContent('The transaction changed meanwhile');
    await userEvent.click(failure.getAllByRole('button', { name: 'Close' }).at(-1) ?? failure.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Status Update Failed' })).not.toBeInTheDocument());
  });

  it('[RP-4.23][RP-7.16] bulk edit applies one code and description to every ticked row', async () => {
    gateway.on('POST', '/api/v1/bank-payouts/update-bulk-transactions', () => ({ body: { data: rows, meta: { count: 2 } } }));
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Selected Status (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Selected Status' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /Status Code/ }), '128');
    await userEvent.type(dialog.getByRole('textbox', { name: /Status Description/ }), 'Returned by beneficiary bank');
    await userEvent.click(dialog.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(gateway.callsTo('POST', '/api/v1/bank-payouts/update-bulk-transactions')).toHaveLength(1));
    const [call] = gateway.callsTo('POST', '/api/v1/bank-payouts/update-bulk-transactions');
    expect(call?.body).toEqual({
      data: { type: 'Transaction', attributes: { transactionIds: ['r-7001', 'r-7002'], statusCode: 128, statusDescription: 'Returned by beneficiary bank' } },
    });
    expect(call?.request.headers.get('idempotency-key')).toBeTruthy();
  });
});

describe('bulk reprocessing', () => {
  it("[RP-2.39][RP-4.24][RP-4.25][RP-7.18][RP-8.08] by count: 'Please wait...', then 'Bulk Reprocessing Finished!' with the count", async () => {
    let answer: (value: Response) => void = () => {};
    gateway.on('POST', '/api/v1/integration/swift/republish-bulk-transactions', () => new Promise<Response>((resolve) => (answer = resolve)));
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Reprocessing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Reprocessing' }));
    expect(dialog.getByText('This resends the reprocessable transactions from yesterday to today, up to the number of transactions below.')).toBeInTheDocument();
    await userEvent.type(await dialog.findByRole('textbox', { name: /Number of Transactions/ }), '50');
    await userEvent.click(dialog.getByRole('button', { name: 'Reprocess' }));
    expect(await dialog.findByText('Please wait...')).toBeInTheDocument();
    const [call] = gateway.callsTo('POST', '/api/v1/integration/swift/republish-bulk-transactions');
    expect(call?.body).toEqual({ data: { type: 'Transaction', attributes: { numberOfTransactions: 50 } } });
    expect(call?.query.get('filter[startdate]')).toBe(dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
    expect(call?.query.get('filter[enddata]')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(call?.request.headers.get('idempotency-key')).toBeTruthy();
    const before = listCalls().length;
    answer(
      new Response(JSON.stringify({ data: { type: 'reprocess-result', id: 'rb-1', attributes: { count: 2, results: { 'r-7002': 'queued', 'r-7003': 'queued' } } } }), {
        status: 202,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await dialog.findByText('2 transactions re-processed.')).toBeInTheDocument();
    expect(dialog.getByText('Bulk Reprocessing Finished!')).toBeInTheDocument();
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1) ?? document.body);
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });

  it('[RP-5.01][RP-5.02][RP-5.03] the count is required, a number, 1 to 1000', async () => {
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Reprocessing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Reprocessing' }));
    const count = await dialog.findByRole('textbox', { name: /Number of Transactions/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Reprocess' }));
    expect(await dialog.findByText('Number of Transactions is required')).toBeInTheDocument();
    await userEvent.type(count, 'ten');
    expect(await dialog.findByText('Number of Transactions must be a number from 1 to 1000')).toBeInTheDocument();
    await userEvent.clear(count);
    await userEvent.type(count, '1001');
    expect(await dialog.findByText('Number of Transactions must be a number from 1 to 1000')).toBeInTheDocument();
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    expect(await dialog.findByText('Number of Transactions must be a number from 1 to 1000')).toBeInTheDocument();
    expect(gateway.callsTo('POST', '/api/v1/integration/swift/republish-bulk-transactions')).toHaveLength(0);
  });

  it('[RP-4.28][RP-5.04][RP-5.05][RP-5.06] by days: Number of Days Prior Today, 1 by default, 1 to 366', async () => {
    gateway.on('POST', '/api/v1/integration/swift/republish-bulk-transactions', () => ({
      status: 202,
      body: { data: { type: 'reprocess-result', id: 'rb-2', attributes: { count: 0, results: {} } } },
    }));
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Reprocessing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Reprocessing' }));
    await userEvent.click(dialog.getByText('By days'));
    expect(dialog.getByText('This resends the reprocessable transactions from the number of days prior today to today.')).toBeInTheDocument();
    const days = await dialog.findByRole('textbox', { name: /Number of Days Prior Today/ });
    expect(days).toHaveValue('1');
    await userEvent.clear(days);
    await userEvent.click(dialog.getByRole('button', { name: 'Reprocess' }));
    expect(await dialog.findByText('Number of Days Prior Today is required')).toBeInTheDocument();
    await userEvent.type(days, '367');
    expect(await dialog.findByText('Number of Days Prior Today must be a number from 1 to 366')).toBeInTheDocument();
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(dialog.getByRole('button', { name: 'Reprocess' }));
    expect(await dialog.findByText('0 transactions re-processed.')).toBeInTheDocument();
    const [call] = gateway.callsTo('POST', '/api/v1/integration/swift/republish-bulk-transactions');
    expect(call?.query.get('filter[startdate]')).toBe(dayjs().subtract(3, 'day').format('YYYY-MM-DD'));
    expect(call?.body).toEqual({ data: { type: 'Transaction', attributes: {} } });
  });

  it('[RP-2.40][RP-4.29] selected reprocessing sends the ticked rows', async () => {
    gateway.on('POST', '/api/v1/integration/swift/republish-bulk-transactions', () => ({
      status: 202,
      body: { data: { type: 'reprocess-result', id: 'rb-3', attributes: { count: 1, results: { 'r-7002': 'queued', 'r-7001': 'not_reprocessable' } } } },
    }));
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reprocess Selected (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reprocess Selected' }));
    expect(dialog.getByText('This resends the 2 selected transactions that can be reprocessed.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Reprocess' }));
    expect(await dialog.findByText('1 transaction re-processed.')).toBeInTheDocument();
    expect(dialog.getByText('TS240301000451|AMX: not reprocessable')).toBeInTheDocument();
    const [call] = gateway.callsTo('POST', '/api/v1/integration/swift/republish-bulk-transactions');
    expect(call?.body).toEqual({ data: { type: 'Transaction', attributes: { transactionIds: ['r-7001', 'r-7002'] } } });
    expect(call?.query.get('filter[startdate]')).toBeNull();
  });

  it("[RP-4.26][RP-8.09] an error shows 'Bulk Reprocessing Executed!' with the server's messages", async () => {
    gateway.on('POST', '/api/v1/integration/swift/republish-bulk-transactions', () => ({
      status: 422,
      body: { errors: [{ status: '422', title: 'The window is longer than 366 days', source: { parameter: 'filter[startdate]' } }] },
    }));
    await showPayoutAdminList();
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Reprocessing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Reprocessing' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /Number of Transactions/ }), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Reprocess' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Bulk Reprocessing Executed!');
    expect(alert).toHaveTextContent('The window is longer than 366 days');
  });
});
