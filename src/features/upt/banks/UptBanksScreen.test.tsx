// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { listDocument, renderWithApp, signInAs, uptBankResource } from '../test-support';
import UptBanksScreen from './UptBanksScreen';

/** users-and-wallets §9: dates show as DD-MMM-YYYY h:mma in the staff member's local time. */
const localTime = (instant: string) => dayjs(instant).format('DD-MMM-YYYY h:mma');

let gateway: FakeGateway;
beforeEach(() => {
  gateway = new FakeGateway()
    .on('GET', '/api/v1/upt/bank-data', () => ({ body: listDocument([uptBankResource('b-101', 'Providus Bank', '101'), uptBankResource('b-102', 'Sterling Bank', '102')]) }))
    .on('GET', '/api/v1/upt/bank-branch-data', (call) => ({
      body: {
        data:
          call.query.get('bankCode') === '101'
            ? [{ type: 'upt-branch', id: 'br-101-001', attributes: { code: '001', name: 'Victoria Island', bankCode: '101', city: 'Lagos', address: '54 Adeola Odeku Street', isDeleted: false } }]
            : [],
      },
    }));
  fetchProxy.handle = gateway.handle;
});

describe('/upt/settings/banks', () => {
  it('[RP-2.09][RP-2.60][RP-7.10][RP-3.10] a bank opens a modal with all its fields and its branches', async () => {
    const providus = uptBankResource('b-101', 'Providus Bank', '101');
    const closing = {
      ...providus,
      attributes: { ...providus.attributes, isDeleted: true, countryCode: 'GH', creditCardCenterBranchCode: 'CC-77', closedDate: '2024-09-30', modifiedOn: '2024-10-02T09:30:00Z' },
    };
    gateway.on('GET', '/api/v1/upt/bank-data', () => ({ body: listDocument([closing, uptBankResource('b-102', 'Sterling Bank', '102')]) }));
    signInAs('payinupt');
    renderWithApp(<UptBanksScreen />);
    await userEvent.click(await screen.findByText('Providus Bank'));
    const dialog = await screen.findByRole('dialog', { name: 'Providus Bank' });
    // remittances-and-payouts §3 Bank: name, code, isDeleted, countryCode, creditCardCenterBranchCode, closedDate, createdOn, modifiedOn, branches.
    const shown = Object.fromEntries([...dialog.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(shown).toEqual({
      Name: 'Providus Bank',
      Code: '101',
      Deleted: 'Yes',
      'Country Code': 'GH',
      'Credit Card Center Branch Code': 'CC-77',
      'Closed Date': '2024-09-30',
      'Created On': localTime('2023-06-01T08:00:00Z'),
      'Modified On': localTime('2024-10-02T09:30:00Z'),
    });
    const branches = within(await within(dialog).findByRole('table', { name: 'Branches of Providus Bank' }));
    expect(branches.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Code', 'Name', 'City', 'Address', 'Deleted']);
    expect(branches.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['001', 'Victoria Island', 'Lagos', '54 Adeola Odeku Street', 'No']);
    expect(gateway.callsTo('GET', '/api/v1/upt/bank-branch-data')[0]?.query.get('bankCode')).toBe('101');
  });

  it("[RP-2.61] a bank without branches shows '- No Branches -'", async () => {
    signInAs('payinupt');
    renderWithApp(<UptBanksScreen />);
    await userEvent.click(await screen.findByText('Sterling Bank'));
    const modal = within(await screen.findByRole('dialog', { name: 'Sterling Bank' }));
    expect(await modal.findByText('- No Branches -')).toBeInTheDocument();
  });
});
