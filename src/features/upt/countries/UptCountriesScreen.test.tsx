// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { listDocument, renderWithApp, signInAs, uptCountryResource } from '../test-support';
import UptCountriesScreen from './UptCountriesScreen';

let gateway: FakeGateway;
beforeEach(() => {
  gateway = new FakeGateway().on('GET', '/api/v1/upt/country-data', () => ({
    body: listDocument([
      uptCountryResource('NG', 'Nigeria', [{ currencyCode: 'USD', minAmount: '10.00', maxAmount: '5000.00' }]),
      uptCountryResource('KE', 'Kenya', []),
    ]),
  }));
  fetchProxy.handle = gateway.handle;
});

describe('/upt/settings/countries', () => {
  it('[RP-2.08][RP-7.08] lists the countries by name', async () => {
    signInAs('payinupt');
    renderWithApp(<UptCountriesScreen />);
    expect(await screen.findByText('Nigeria')).toBeInTheDocument();
    expect(gateway.callsTo('GET', '/api/v1/upt/country-data')[0]?.query.get('sort')).toBe('name');
  });

  it('[RP-2.58][RP-2.59][RP-3.09] a row expands to all its fields and a payment limits sub-table', async () => {
    signInAs('payinupt');
    renderWithApp(<UptCountriesScreen />);
    await screen.findByText('Nigeria');
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 1' }));
    expect(screen.getByText('Payment Min Age')).toBeInTheDocument();
    expect(screen.getByText('IBAN Mandatory for Swift')).toBeInTheDocument();
    const limits = within(screen.getByRole('table', { name: 'Payment limits of Nigeria' }));
    expect(limits.getByText('5,000.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 2' }));
    expect(screen.getByText('- No Payment Limits -')).toBeInTheDocument();
  });
});
