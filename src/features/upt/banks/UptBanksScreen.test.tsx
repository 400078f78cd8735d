// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { listDocument, renderWithApp, signInAs, uptBankResource } from '../test-support';
import UptBanksScreen from './UptBanksScreen';

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
    signInAs('payinupt');
    renderWithApp(<UptBanksScreen />);
    await userEvent.click(await screen.findByText('Providus Bank'));
    const modal = within(await screen.findByRole('dialog', { name: 'Providus Bank' }));
    expect(modal.getByText('Credit Card Center Branch Code')).toBeInTheDocument();
    expect(await modal.findByText('Victoria Island')).toBeInTheDocument();
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
