// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { pageOf, productResource, settingsCurrencies } from '../test-support/fixtures';
import { preloadForms, renderRoutes, signInAs } from '../test-support/render';
import { CurrenciesScreen } from './CurrenciesScreen';
import { NewCurrencyScreen } from './NewCurrencyScreen';

const routes = [
  { path: '/currencies/list', element: <CurrenciesScreen /> },
  { path: '/currencies/new', element: <NewCurrencyScreen /> },
];

beforeAll(() => preloadForms('currency-new'));

let gateway: FakeGateway;
beforeEach(() => {
  signInAs();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/settings/currency', () => ({ body: settingsCurrencies }))
    .on('GET', '/api/v1/product', () => ({ body: pageOf([productResource('4', 'Cash Pickup')]) }))
    .on('POST', '/api/v1/receivingcurrency', () => ({ status: 201, body: { data: { type: 'receivingcurrency', id: '30', attributes: { name: 'Euro', code: 'EUR', symbol: '€', productId: '4' } } } }));
  fetchProxy.handle = gateway.handle;
});

const path = () => screen.getByTestId('path').textContent;
const exact = { normalizer: (text: string) => text };

describe('currencies (identity-and-catalogue §2)', () => {
  it('[IC-2.27] [IC-7.32] the currencies list shows the settings currencies and leads to New Currency', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/currencies/list');
    const table = await screen.findByRole('table', { name: 'Currencies' });
    const row = (await within(table).findByText('US Dollar')).closest('tr') as HTMLElement;
    expect(within(row).getByText('USD')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Currency' }));
    await waitFor(() => expect(path()).toBe('/currencies/new'));
  });

  it('[UW-8.10] a currencies load failure shows the server message, else the fallback', async () => {
    fetchProxy.handle = undefined;
    renderRoutes(routes, '/currencies/list');
    expect(await screen.findByText('Could not pull currencies data...')).toBeInTheDocument();
  });

  it('[IC-2.27] [UW-5.58] [IC-7.25] [IC-8.18] a new currency goes to a chosen product, sending or receiving', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/currencies/new');
    const product = await screen.findByRole('combobox', { name: 'Product' });
    expect(product).toHaveAttribute('placeholder', 'Please select a Product');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Please select a Product')).not.toHaveLength(0);
    await user.click(product);
    await user.click(await screen.findByRole('option', { name: 'Cash Pickup' }));
    await user.click(screen.getByRole('radio', { name: 'Receiving currency' }));
    for (const [label, value] of [['Name', 'Euro'], ['Code', 'EUR'], ['Symbol', '€']] as const) {
      await user.click(screen.getByRole('textbox', { name: label }));
      await user.paste(value);
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Currency Creation Successful')).toBeInTheDocument();
    expect((gateway.callsTo('POST', '/api/v1/receivingcurrency')[0]?.body as { data: unknown }).data).toEqual({
      type: 'ReceivingCurrency',
      attributes: { productId: '4', name: 'Euro', code: 'EUR', symbol: '€' },
    });
  });

  it('[UW-8.12] a products load failure on the new currency form', async () => {
    gateway.on('GET', '/api/v1/product', () => ({ status: 502, raw: 'down' }));
    renderRoutes(routes, '/currencies/new');
    expect(await screen.findByText('There was an error in getting products.  Please Try Again later.', exact)).toBeInTheDocument();
  });
});
