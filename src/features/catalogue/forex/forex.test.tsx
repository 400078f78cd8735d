// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { currencyEntry, pageOf, productDetail, productResource, forexResource } from '../test-support/fixtures';
import { preloadForms, renderRoutes, signInAs } from '../test-support/render';
import { ForexScreen } from './ForexScreen';

const routes = [{ path: '/forex', element: <ForexScreen /> }];
const usd = currencyEntry('21', 'USD', 'US Dollar', '$');
const ngn = currencyEntry('22', 'NGN', 'Nigerian Naira', '₦');
const ghs = currencyEntry('23', 'GHS', 'Ghana Cedi', '₵');

beforeAll(() => preloadForms('forex'));
afterEach(() => vi.useRealTimers());

let gateway: FakeGateway;
beforeEach(() => {
  signInAs({ selected: 'teller' });
  gateway = new FakeGateway()
    .on('GET', '/api/v1/product', () => ({ body: pageOf([productResource('4', 'Cash Pickup')]) }))
    .on('GET', '/api/v1/product/4', () => ({ body: productDetail('4', 'Cash Pickup', { SendingCurrency: [usd], ReceivingCurrency: [ngn, ghs] }) }))
    .on('GET', '/api/v1/fx', () => ({ body: { data: [forexResource('61', usd, ngn, { isAutoUpdate: true })] } }))
    .on('POST', '/api/v1/fx', () => ({ body: { data: forexResource('61', usd, ngn) } }));
  fetchProxy.handle = gateway.handle;
});

const exact = { normalizer: (text: string) => text };

async function openEdit(title: string) {
  const card = await screen.findByRole('region', { name: title });
  // The clock moves only when the test moves it, so a busy machine cannot open the modal early.
  vi.useFakeTimers();
  fireEvent.click(within(card).getByRole('button', { name: `Edit ${title}` }));
  // identity-and-catalogue §9: "The forex edit modal opens after 350 ms."
  await act(() => vi.advanceTimersByTimeAsync(349));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(500));
  vi.useRealTimers();
  return screen.findByRole('dialog', { name: `Edit ${title}` });
}

describe('forex (identity-and-catalogue §2, §5, §6)', () => {
  it('[IC-2.31] [IC-2.67] [UW-5.58] a product is chosen first', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/forex');
    expect(await screen.findByText('Please select a Product', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Cash Pickup' }));
    expect(await screen.findByRole('region', { name: 'USD → NGN' })).toBeInTheDocument();
    expect(gateway.callsTo('GET', '/api/v1/fx')[0]?.query.get('productId')).toBe('4');
  });

  it('[IC-2.68] [IC-7.38] one card per pair with Market FX, Default Markup, Partner Markup and Auto Update', async () => {
    renderRoutes(routes, '/forex?productId=4');
    const card = await screen.findByRole('region', { name: 'USD → NGN' });
    const facts = within(card).getAllByText(/Market FX|Default Markup|Partner Markup|Auto Update/).map((label) => [label.textContent, label.nextSibling?.textContent]);
    expect(facts).toEqual([
      ['Market FX', '1,520.35'],
      ['Default Markup', '1.50 %'],
      ['Partner Markup', '0.75 %'],
      ['Auto Update', 'Yes'],
    ]);
    expect(within(await screen.findByRole('region', { name: 'USD → GHS' })).getByText('Not set')).toBeInTheDocument();
  });

  it('[IC-2.69] [IC-3.28] [IC-5.24] [IC-5.25] [IC-5.26] [IC-7.39] [IC-8.17] the Edit modal opens after 350 ms and saves the rates as decimals', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/forex?productId=4');
    const modal = await openEdit('USD → GHS');
    await user.click(await within(modal).findByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Market FX is a number above 0')).toBeInTheDocument();
    expect(within(modal).getByText('Default Markup is a number of 0 or more')).toBeInTheDocument();
    expect(within(modal).getByText('Partner Markup is a number of 0 or more')).toBeInTheDocument();
    for (const [label, value] of [['Market FX', '15.25'], ['Default Markup', '1.5'], ['Partner Markup', '0.75']] as const) {
      await user.click(within(modal).getByRole('textbox', { name: label }));
      await user.paste(value);
    }
    await user.click(within(modal).getByRole('checkbox', { name: 'Auto Update' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Forex has settings has been saved')).toBeInTheDocument();
    const sent = gateway.callsTo('POST', '/api/v1/fx')[0]?.body as { data: { type: string; attributes: Record<string, unknown> } };
    expect(sent.data).toEqual({
      type: 'Forex',
      attributes: { productId: '4', sendingCurrencyId: '21', receivingCurrencyId: '23', MarketFx: 15.25, DefaultMarkup: 1.5, PartnerMarkup: 0.75, IsPercent: false, IsAutoUpdate: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('[IC-2.70] markup, percent and auto-update are disabled when no tenant is selected', async () => {
    signInAs();
    renderRoutes(routes, '/forex?productId=4');
    const modal = await openEdit('USD → NGN');
    expect(await within(modal).findByRole('textbox', { name: 'Market FX' })).toBeEnabled();
    expect(within(modal).getByRole('textbox', { name: 'Market FX' })).toHaveValue('1520.35');
    expect(within(modal).getByRole('textbox', { name: 'Default Markup' })).toBeDisabled();
    expect(within(modal).getByRole('textbox', { name: 'Partner Markup' })).toBeDisabled();
    expect(within(modal).getByRole('checkbox', { name: 'Is Percent' })).toBeDisabled();
    expect(within(modal).getByRole('checkbox', { name: 'Auto Update' })).toBeDisabled();
  });

  it('[IC-8.08] a failed forex load shows the server message, else the fallback', async () => {
    gateway.on('GET', '/api/v1/fx', () => ({ status: 502, raw: 'down' }));
    renderRoutes(routes, '/forex?productId=4');
    expect(await screen.findByText('There was an getting products.  Please Try Again later.', exact)).toBeInTheDocument();
  });
});
