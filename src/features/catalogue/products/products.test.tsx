// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway, type FakeCall } from '../../../api/test-support/fake-gateway';
import { currencyEntry, errorDocument, pageOf, productDetail, productResource, productTypes } from '../test-support/fixtures';
import { preloadForms, renderRoutes, signInAs } from '../test-support/render';
import { NewProductScreen } from './NewProductScreen';
import { ProductDetailScreen } from './ProductDetailScreen';
import { ProductsScreen } from './ProductsScreen';

const routes = [
  { path: '/products/list', element: <ProductsScreen /> },
  { path: '/products/new', element: <NewProductScreen /> },
  { path: '/products/:id', element: <ProductDetailScreen /> },
];

const manyCurrencies = Array.from({ length: 25 }, (_, index) => currencyEntry(String(100 + index), `C${String(index).padStart(2, '0')}`));

beforeAll(() => preloadForms('product', 'product-currency', 'payment-option', 'service'));

let gateway: FakeGateway;
beforeEach(() => {
  signInAs();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/product', () => ({ body: pageOf([productResource('4', 'Cash Pickup', 'Payout', 'https://cdn.test/cash.png'), productResource('5', 'Mobile Money')]) }))
    .on('GET', '/api/v1/product/4', () => ({
      body: productDetail('4', 'Cash Pickup', {
        SendingCurrency: manyCurrencies,
        ReceivingCurrency: [currencyEntry('22', 'NGN', 'Nigerian Naira', '₦')],
        PaymentOption: [{ id: '23', paymentMethod: 'Card', description: 'Visa and Mastercard' }],
        Service: [{ id: '24', name: 'Express', description: 'Within the hour', icon: null }],
      }),
    }))
    .on('GET', '/api/v1/producttype', () => ({ body: productTypes }))
    .on('GET', '/api/v1/paymentmethod', () => ({ body: { data: [{ type: 'paymentmethod', id: '1', attributes: { name: 'Card' } }, { type: 'paymentmethod', id: '2', attributes: { name: 'Mobile Money' } }] } }))
    .on('POST', '/api/v1/product', () => ({ status: 201, body: productDetail('6', 'Bank Transfer') }))
    .on('PATCH', '/api/v1/product/4', () => ({ body: productDetail('4', 'Cash Pickup') }))
    .on('POST', '/api/v1/sendingcurrency', () => ({ status: 201, body: { data: { type: 'sendingcurrency', id: '30', attributes: { name: 'Euro', code: 'EUR', symbol: '€', productId: '4' } } } }))
    .on('POST', '/api/v1/paymentoption', () => ({ status: 201, body: { data: { type: 'paymentoption', id: '31', attributes: { paymentMethod: 'Mobile Money', description: 'Wallets', productId: '4' } } } }))
    .on('POST', '/api/v1/service', () => ({ status: 201, body: { data: { type: 'service', id: '32', attributes: { name: 'Standard', description: 'Next day', icon: null, productId: '4' } } } }))
    .on('DELETE', /^\/api\/v1\/(receivingcurrency|sendingcurrency|paymentoption|service)\/\d+$/, () => ({ status: 204 }));
  fetchProxy.handle = gateway.handle;
});

type User = ReturnType<typeof userEvent.setup>;
const path = () => screen.getByTestId('path').textContent;
const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
const attributesOf = (call: FakeCall | undefined) => (call?.body as { data: { type: string; attributes: Record<string, unknown> } }).data;

async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function openSettings(user: User) {
  renderRoutes(routes, '/products/list');
  const row = (await screen.findByText('Cash Pickup')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Settings' }));
  const pane = await screen.findByRole('dialog', { name: 'Cash Pickup Settings' });
  await within(pane).findByRole('tab', { name: 'Sending Currency' });
  return pane;
}

describe('products (identity-and-catalogue §2)', () => {
  it('[IC-2.24] [IC-2.60] [IC-7.18] shows Title, Type, Background Url and the view and settings actions', async () => {
    renderRoutes(routes, '/products/list');
    expect(await screen.findByText('Cash Pickup')).toBeInTheDocument();
    expect(headers(screen.getByRole('table', { name: 'Products' })).slice(0, 4)).toEqual(['Title', 'Type', 'Background Url', 'Actions']);
    const row = screen.getByText('Cash Pickup').closest('tr') as HTMLElement;
    expect(within(row).getByText('https://cdn.test/cash.png')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Product' })).toBeInTheDocument();
  });

  it('[IC-8.06] a products list failure shows the server message, else the fallback', async () => {
    fetchProxy.handle = undefined;
    renderRoutes(routes, '/products/list');
    expect(await screen.findByText('Could not pull fees data...')).toBeInTheDocument();
  });

  it('[IC-2.25] [IC-5.17] [IC-5.18] [IC-5.19] [UW-5.60] [IC-7.20] [IC-8.21] a new product needs title, subtitle and type', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/products/list');
    await user.click(await screen.findByRole('button', { name: 'New Product' }));
    await waitFor(() => expect(path()).toBe('/products/new'));
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect(type).toHaveAttribute('placeholder', 'Please select a Product Type');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid Title')).toBeInTheDocument();
    expect(screen.getByText('Invalid Subtitle')).toBeInTheDocument();
    expect(screen.getByText('Invalid Type')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Bank Transfer');
    await fill(user, screen.getByRole('textbox', { name: 'Subtitle' }), 'To any bank');
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Wallet' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product Creation Successful')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/products/list'));
    expect(attributesOf(gateway.callsTo('POST', '/api/v1/product')[0])).toEqual({ type: 'Product', attributes: { title: 'Bank Transfer', subTitle: 'To any bank', type: 'Wallet' } });
  });

  it('[IC-8.09] a failed product create shows the server message, else the fallback', async () => {
    const user = userEvent.setup();
    gateway.on('POST', '/api/v1/product', () => ({ status: 502, raw: 'down' }));
    renderRoutes(routes, '/products/new');
    await fill(user, await screen.findByRole('textbox', { name: 'Title' }), 'Bank Transfer');
    await fill(user, screen.getByRole('textbox', { name: 'Subtitle' }), 'To any bank');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Wallet' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There was an error loggin in the client.  Please Try Again later.', { normalizer: (text) => text })).toBeInTheDocument();
  });

  it('[IC-2.26] [IC-2.61] [IC-7.19] [IC-7.21] [IC-8.22] the product detail shows the type read-only and saves without it', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/products/list');
    const row = (await screen.findByText('Cash Pickup')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(path()).toBe('/products/4'));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Payout');
    await fill(user, title, ' Express');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save Success')).toBeInTheDocument();
    const sent = attributesOf(gateway.callsTo('PATCH', '/api/v1/product/4')[0]);
    expect(sent.attributes).toEqual({ title: 'Cash Pickup Express', subTitle: 'Cash Pickup subtitle' });
  });
});

describe('product settings side pane (identity-and-catalogue §2, §4, §9)', () => {
  it('[IC-2.62] [IC-2.63] [IC-2.64] [IC-9.01] four tabs, each a table with New and Delete, 20 rows a page', async () => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    expect(within(pane).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Sending Currency', 'Receiving Currency', 'Payment Option', 'Service']);
    const sending = within(pane).getByRole('table', { name: 'Sending Currencies' });
    expect(within(sending).getAllByRole('button', { name: 'Delete' })).toHaveLength(20);
    expect(within(pane).getByRole('button', { name: 'New' })).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: 'Next page' }));
    expect(within(within(pane).getByRole('table', { name: 'Sending Currencies' })).getAllByRole('button', { name: 'Delete' })).toHaveLength(5);
    await user.click(within(pane).getByRole('tab', { name: 'Service' }));
    expect(await within(pane).findByText('Express')).toBeInTheDocument();
  });

  it('[IC-4.05] [IC-5.10] [IC-5.11] [IC-5.12] [IC-7.23] [IC-8.18] a new sending currency: name, code and symbol required, then created', async () => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    await user.click(within(pane).getByRole('button', { name: 'New' }));
    const modal = await screen.findByRole('dialog', { name: 'New Sending Currency' });
    await user.click(await within(modal).findByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Name is required')).toBeInTheDocument();
    expect(within(modal).getByText('Code is required: three capital letters (ISO 4217)')).toBeInTheDocument();
    expect(within(modal).getByText('Symbol is required')).toBeInTheDocument();
    await fill(user, within(modal).getByRole('textbox', { name: 'Name' }), 'Euro');
    await fill(user, within(modal).getByRole('textbox', { name: 'Code' }), 'EUR');
    await fill(user, within(modal).getByRole('textbox', { name: 'Symbol' }), '€');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Currency Creation Successful')).toBeInTheDocument();
    expect(attributesOf(gateway.callsTo('POST', '/api/v1/sendingcurrency')[0])).toEqual({ type: 'SendingCurrency', attributes: { name: 'Euro', code: 'EUR', symbol: '€', productId: '4' } });
    await waitFor(() => expect(gateway.callsTo('GET', '/api/v1/product/4').length).toBeGreaterThan(1));
  });

  it('[IC-5.13] [IC-5.14] [IC-7.27] [IC-7.28] [IC-8.19] a new payment option: method and description required', async () => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    await user.click(within(pane).getByRole('tab', { name: 'Payment Option' }));
    await user.click(within(pane).getByRole('button', { name: 'New' }));
    const modal = await screen.findByRole('dialog', { name: 'New Payment Option' });
    await user.click(await within(modal).findByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Description Required')).toBeInTheDocument();
    expect(within(modal).getAllByText('Please select a Payment Method').length).toBeGreaterThan(0);
    await user.click(within(modal).getByRole('combobox', { name: 'Payment Method' }));
    await user.click(await screen.findByRole('option', { name: 'Mobile Money' }));
    await fill(user, within(modal).getByRole('textbox', { name: 'Description' }), 'Wallets');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment Option added Successful')).toBeInTheDocument();
    expect(attributesOf(gateway.callsTo('POST', '/api/v1/paymentoption')[0]).attributes).toEqual({ paymentMethod: 'Mobile Money', description: 'Wallets', productId: '4' });
  });

  it('[IC-8.07] a payment methods failure says so in the new payment option', async () => {
    const user = userEvent.setup();
    gateway.on('GET', '/api/v1/paymentmethod', () => ({ status: 502, raw: 'down' }));
    const pane = await openSettings(user);
    await user.click(within(pane).getByRole('tab', { name: 'Payment Option' }));
    await user.click(within(pane).getByRole('button', { name: 'New' }));
    const modal = await screen.findByRole('dialog', { name: 'New Payment Option' });
    expect(within(modal).getByText('There was an getting the groups.  Please Try Again later.', { normalizer: (text) => text })).toBeInTheDocument();
  });

  it('[IC-5.15] [IC-5.16] [IC-7.30] [IC-8.20] a new service: name and description required', async () => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    await user.click(within(pane).getByRole('tab', { name: 'Service' }));
    await user.click(within(pane).getByRole('button', { name: 'New' }));
    const modal = await screen.findByRole('dialog', { name: 'New Service' });
    await user.click(await within(modal).findByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Name Required')).toBeInTheDocument();
    expect(within(modal).getByText('Description Required')).toBeInTheDocument();
    await fill(user, within(modal).getByRole('textbox', { name: 'Name' }), 'Standard');
    await fill(user, within(modal).getByRole('textbox', { name: 'Description' }), 'Next day');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service added Successful')).toBeInTheDocument();
    expect(attributesOf(gateway.callsTo('POST', '/api/v1/service')[0]).attributes).toEqual({ name: 'Standard', description: 'Next day', productId: '4' });
  });

  it('[IC-4.06] [IC-7.26] [IC-8.25] deleting an entry asks first, then says Deleted', async () => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    await user.click(within(pane).getByRole('tab', { name: 'Receiving Currency' }));
    const table = await within(pane).findByRole('table', { name: 'Receiving Currencies' });
    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Receiving Currency' });
    // The spec gives no wording for the question (IC-4.06): the dialog asks one.
    expect(within(dialog).getByText(/\?$/)).toBeInTheDocument();
    expect(gateway.callsTo('DELETE', '/api/v1/receivingcurrency/22')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(gateway.callsTo('DELETE', '/api/v1/receivingcurrency/22')).toHaveLength(1);
  });

  // identity-and-catalogue §8: "'Could not pull currencies data...' (currency, payment option, service, ...)".
  const CURRENCIES_FALLBACK = 'Could not pull currencies data...';
  /** The notice shows, then is taken down so the next failure's own notice is the one found. */
  const shownOnce = async (text: string) => {
    expect(await screen.findByText(text)).toBeInTheDocument();
    act(() => notifications.clean());
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  };

  it.each([
    ['Sending Currency', 'Sending Currencies', /^\/api\/v1\/sendingcurrency\/\d+$/],
    ['Receiving Currency', 'Receiving Currencies', /^\/api\/v1\/receivingcurrency\/\d+$/],
    ['Payment Option', 'Payment Options', /^\/api\/v1\/paymentoption\/\d+$/],
    ['Service', 'Services', /^\/api\/v1\/service\/\d+$/],
  ] as const)('[IC-8.04] a failed delete of a %s shows the server message, else the fallback', async (tab, tableName, path) => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    await user.click(within(pane).getByRole('tab', { name: tab }));
    const table = await within(pane).findByRole('table', { name: tableName });
    gateway.on('DELETE', path, () => ({ status: 502, raw: 'down' }));
    await user.click(within(table).getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    await user.click(within(await screen.findByRole('dialog', { name: `Delete ${tab}` })).getByRole('button', { name: 'Yes' }));
    await shownOnce(CURRENCIES_FALLBACK);
    gateway.on('DELETE', path, () => errorDocument(409, `${tab} in use`));
    await user.click(within(table).getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    await user.click(within(await screen.findByRole('dialog', { name: `Delete ${tab}` })).getByRole('button', { name: 'Yes' }));
    await shownOnce(`${tab} in use`);
  });

  const fillCurrency = async (user: User, modal: HTMLElement) => {
    await fill(user, within(modal).getByRole('textbox', { name: 'Name' }), 'Euro');
    await fill(user, within(modal).getByRole('textbox', { name: 'Code' }), 'EUR');
    await fill(user, within(modal).getByRole('textbox', { name: 'Symbol' }), '€');
  };
  const fillPaymentOption = async (user: User, modal: HTMLElement) => {
    await user.click(within(modal).getByRole('combobox', { name: 'Payment Method' }));
    await user.click(await screen.findByRole('option', { name: 'Mobile Money' }));
    await fill(user, within(modal).getByRole('textbox', { name: 'Description' }), 'Wallets');
  };
  const fillService = async (user: User, modal: HTMLElement) => {
    await fill(user, within(modal).getByRole('textbox', { name: 'Name' }), 'Standard');
    await fill(user, within(modal).getByRole('textbox', { name: 'Description' }), 'Next day');
  };

  it.each([
    ['Sending Currency', '/api/v1/sendingcurrency', fillCurrency],
    ['Receiving Currency', '/api/v1/receivingcurrency', fillCurrency],
    ['Payment Option', '/api/v1/paymentoption', fillPaymentOption],
    ['Service', '/api/v1/service', fillService],
  ] as const)('[IC-8.04] a failed create of a %s shows the server message, else the fallback', async (tab, path, fillIn) => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    await user.click(within(pane).getByRole('tab', { name: tab }));
    await user.click(within(pane).getByRole('button', { name: 'New' }));
    const modal = await screen.findByRole('dialog', { name: `New ${tab}` });
    await within(modal).findByRole('button', { name: 'Save' });
    await fillIn(user, modal);
    gateway.on('POST', path, () => ({ status: 502, raw: 'down' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await shownOnce(CURRENCIES_FALLBACK);
    gateway.on('POST', path, () => errorDocument(422, `${tab} refused`));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await shownOnce(`${tab} refused`);
  });

  it('[IC-2.65] hiding the settings pane reloads the products and the product', async () => {
    const user = userEvent.setup();
    const pane = await openSettings(user);
    const lists = gateway.callsTo('GET', '/api/v1/product').length;
    const reads = gateway.callsTo('GET', '/api/v1/product/4').length;
    await user.click(within(pane).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(gateway.callsTo('GET', '/api/v1/product').length).toBeGreaterThan(lists));
    await act(async () => {
      await user.click(within(screen.getByText('Cash Pickup').closest('tr') as HTMLElement).getByRole('button', { name: 'Settings' }));
    });
    await waitFor(() => expect(gateway.callsTo('GET', '/api/v1/product/4').length).toBeGreaterThan(reads));
  });

  it('[IC-8.09] a failed product read in the pane shows the fallback', async () => {
    const user = userEvent.setup();
    gateway.on('GET', '/api/v1/product/4', () => ({ status: 502, raw: 'down' }));
    renderRoutes(routes, '/products/list');
    const row = (await screen.findByText('Cash Pickup')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByText('There was an error loggin in the client.  Please Try Again later.', { normalizer: (text) => text })).toBeInTheDocument();
  });
});

describe('product errors (identity-and-catalogue §8)', () => {
  it('[IC-8.09] a failed product detail read shows the fallback', async () => {
    gateway.on('GET', '/api/v1/product/4', () => errorDocument(404, 'No such product'));
    renderRoutes(routes, '/products/4');
    expect(await screen.findByText('No such product')).toBeInTheDocument();
  });
});
