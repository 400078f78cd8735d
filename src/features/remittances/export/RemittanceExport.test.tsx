// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { FakeExportWorker } from '../../../render/export/fake-export-worker';
import RemittancesScreen from '../list/RemittancesScreen';
import { payoutAccountDocument, remittanceList, remittanceResource, renderWithApp, signInAs } from '../test-support';

let gateway: FakeGateway;
beforeEach(() => {
  localStorage.clear();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/remittance', () => ({ body: remittanceList([remittanceResource('7001', { senderName: 'Amina Warsame' })]) }))
    .on('GET', /\/swift\/payout-account\/(\d+)$/, () => ({ body: payoutAccountDocument }))
    .on('GET', '/api/v1/remittance/pdf', () => ({ raw: '%PDF-1.7 payout', headers: { 'content-type': 'application/pdf' } }));
  fetchProxy.handle = gateway.handle;
});

const ROUTE = '/transactions/remittances?startDate=2026-03-01&endDate=2026-03-14&filter%5BstatusId%5D=128';

async function openExport(tenant: string, props: Parameters<typeof RemittancesScreen>[0] = {}) {
  signInAs(tenant);
  renderWithApp(<RemittancesScreen excelExport={{ createWorker: () => new FakeExportWorker() }} {...props} />, { route: ROUTE });
  await screen.findByText('Amina Warsame');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  return within(await screen.findByRole('menu'));
}

describe('remittance exports', () => {
  it('[RP-2.68] [RP-2.69] [RP-1.03] a payout tenant is offered Excel, the daily report and the payout PDF', async () => {
    const menu = await openExport('tawakal-swift');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Excel', 'Daily Report', 'PDF']);
  });

  it('[RP-2.68] [RP-2.69] a payin tenant is offered Excel and the daily report, no PDF', async () => {
    const menu = await openExport('amal');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Excel', 'Daily Report']);
  });

  it('[RP-2.70] with no tenant selected (the admin tenant\'s own context) and not a payin user, the PDF is offered', async () => {
    const menu = await openExport('dssc');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Excel', 'Daily Report', 'PDF']);
  });

  it('[RP-1.02] [RP-7.02] [RP-9.09] [RP-4.30] Excel writes the remittance list of the filters and range in a worker, with progress, as Transaction_Report_{start}_{end}', async () => {
    const download = vi.fn<(blob: Blob, fileName: string) => void>();
    signInAs('amal');
    renderWithApp(<RemittancesScreen excelExport={{ createWorker: () => new FakeExportWorker(), download }} />, { route: ROUTE });
    await screen.findByText('Amina Warsame');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    const worker = FakeExportWorker.last;
    const [command] = worker?.commands ?? [];
    expect(command).toMatchObject({
      type: 'start',
      report: 'remittances',
      filters: { 'filter[startDate]': '2026-03-01', 'filter[endDate]': '2026-03-14', 'filter[statusId]': '128', sort: '-transactionDate' },
    });
    expect(command && 'filters' in command ? command.filters : {}).not.toHaveProperty('page[size]');
    // Report loading, then data ready.
    expect(await screen.findByText('Please wait, while we process your request...')).toBeInTheDocument();
    worker?.emit({ type: 'progress', done: 10_000, total: 20_000 });
    expect(await screen.findByText('Exporting 10,000 of 20,000 rows')).toBeInTheDocument();
    const blob = new Blob(['xlsx']);
    worker?.emit({ type: 'done', blob });
    expect(download).toHaveBeenCalledWith(blob, 'Transaction_Report_2026-03-01_2026-03-14.xlsx');
    expect(screen.queryByText(/Exporting/)).toBeNull();
  });

  it('[RP-9.10] Daily Report writes the range as Daily_Transaction_Report_{start}_{end}, and Cancel stops it', async () => {
    const download = vi.fn<(blob: Blob, fileName: string) => void>();
    signInAs('tawakal-swift');
    renderWithApp(<RemittancesScreen excelExport={{ createWorker: () => new FakeExportWorker(), download }} />, { route: ROUTE });
    await screen.findByText('Amina Warsame');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Daily Report' }));
    const worker = FakeExportWorker.last;
    expect(worker?.commands[0]).toMatchObject({ report: 'daily', filters: { 'filter[startDate]': '2026-03-01', 'filter[endDate]': '2026-03-14' } });
    worker?.emit({ type: 'progress', done: 3, total: 14 });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Excel export' }));
    expect(worker?.terminated).toBe(true);
    expect(download).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Daily Report' }));
    const blob = new Blob(['xlsx']);
    FakeExportWorker.last?.emit({ type: 'done', blob });
    expect(download).toHaveBeenCalledWith(blob, 'Daily_Transaction_Report_2026-03-01_2026-03-14.xlsx');
  });

  it('[RP-1.03] PDF asks the gateway for the payout PDF of the filters and range and saves Transactions_{start}_{end}.pdf', async () => {
    const savePdf = vi.fn<(blob: Blob, fileName: string) => void>();
    const menu = await openExport('tawakal-swift', { savePdf });
    await userEvent.click(menu.getByRole('menuitem', { name: 'PDF' }));
    await waitFor(() => expect(savePdf).toHaveBeenCalledTimes(1));
    expect(savePdf.mock.calls[0]?.[1]).toBe('Transactions_2026-03-01_2026-03-14.pdf');
    const [call] = gateway.callsTo('GET', '/api/v1/remittance/pdf');
    expect(call?.query.get('filter[statusId]')).toBe('128');
    expect(call?.query.get('filter[startDate]')).toBe('2026-03-01');
    expect(call?.query.get('page[size]')).toBeNull();
  });
});
