import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, keepPreviousData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';

// The client keeps the fetch it finds when it is created, so the stub goes in before any import.
const network = vi.hoisted(() => {
  const state: { requests: Request[]; answer: (request: Request) => unknown } = { requests: [], answer: () => ({ data: [] }) };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    state.requests.push(request.clone());
    const body = state.answer(request);
    return body === null ? new Response(null, { status: 204 }) : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return state;
});

import { useRecordController } from './record-controller';
import { callOperation, listQuery, mutateOperation, readQuery, tablePageQuery, useDocument, useMutate, type RowOf } from './resource';
import { sessionStore } from './session';

const product = { type: 'product', id: '4', attributes: { title: 'Cash Pickup', subTitle: 'Agents', type: 'Payout', backgroundUrl: null } };
const productFields = { SendingCurrency: [], ReceivingCurrency: [], PaymentOption: [], Service: [] };

function signIn() {
  sessionStore.signIn({
    userId: '1',
    email: 'admin@demo.test',
    accessToken: 'own-token',
    roles: [1],
    tenantId: 'teller',
    claim: null,
    adminTenant: true,
    expiresAt: Date.now() + 60_000,
  });
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  sessionStorage.clear();
  network.requests = [];
  network.answer = () => ({ data: [] });
  signIn();
});
afterEach(() => sessionStore.clear());

describe('an operation called by its operationId', () => {
  it("goes to the contract's method and path, with the path and query parameters it names", async () => {
    network.answer = () => ({ data: product });
    await callOperation('getTenant', { path: { id: 'acme' }, query: { include: 'grantTypes' } });
    await mutateOperation('deleteService', { path: { id: '9' } });

    const [read, removal] = network.requests;
    expect(read?.method).toBe('GET');
    expect(new URL(read?.url ?? '').pathname + new URL(read?.url ?? '').search).toBe('/api/v1/id/tenant/acme?include=grantTypes');
    expect(removal?.method).toBe('DELETE');
    expect(new URL(removal?.url ?? '').pathname).toBe('/api/v1/service/9');
  });

  it('writes the JSON:API body from the attributes: the type the contract sends and the id of the path', async () => {
    network.answer = () => ({ data: { ...product, attributes: { ...product.attributes, ...productFields } } });
    const saved = await mutateOperation('updateProduct', { path: { id: '4' }, attributes: { title: 'Cash Pickup' } });

    const request = network.requests[0];
    expect(request?.method).toBe('PATCH');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/v1/product/4');
    expect(await request?.json()).toEqual({ data: { type: 'Product', id: '4', attributes: { title: 'Cash Pickup' } } });
    // The answer flattened: the product's own `type` attribute (its product type) is what a screen reads.
    expect(saved).toMatchObject({ id: '4', title: 'Cash Pickup', type: 'Payout' });
  });

  it('answers undefined for a mutation without a resource (204)', async () => {
    network.answer = () => null;
    await expect(mutateOperation('deleteFeeDetail', { path: { id: '3' } })).resolves.toBeUndefined();
  });

  it("carries the session's own token when the call asks for it, whatever tenant is selected", async () => {
    sessionStore.selectTenant({ id: 'acme', name: 'Acme', type: 'partner', accessToken: 'acme-token' });
    network.answer = () => ({ data: [], meta: { total: 0 } });
    await callOperation('getConfigHealth', { credential: 'own' });
    await callOperation('listProducts', {});
    expect(network.requests.map((request) => request.headers.get('authorization'))).toEqual(['Bearer own-token', 'Bearer acme-token']);
  });

  // tsc (npm run typecheck) is what fails here: each line below must not compile.
  it('is typed by the contract: an unknown parameter or a missing path does not compile', () => {
    // @ts-expect-error listProducts sorts by title, type or created only
    void listQuery('listProducts', { query: { sort: 'price' } });
    // @ts-expect-error getProduct names its product
    void readQuery('getProduct', {});
    // @ts-expect-error a product's attributes have no `price`
    void mutateOperation('updateProduct', { path: { id: '4' }, attributes: { price: 1 } });
  });
});

describe('a list', () => {
  it('flattens each row with its included relationships, and keeps the page meta', async () => {
    network.answer = () => ({
      data: [{ type: 'feedetail', id: '7', attributes: { minAmount: '1' }, relationships: { product: { data: { type: 'product', id: '4' } } } }],
      included: [product],
      meta: { itemTotal: 21, pageNumber: 2, pageSize: 20, pageTotal: 2 },
    });
    const page = await new QueryClient().fetchQuery(listQuery('listFeeDetails', { query: { include: 'product' } }));
    expect(page.rows).toEqual([{ id: '7', type: 'feedetail', minAmount: '1', product: { id: '4', ...product.attributes } }]);
    expect(page.meta).toEqual({ itemTotal: 21, pageNumber: 2, pageSize: 20, pageTotal: 2 });
  });

  it("keeps a row's own `type` attribute in place of the resource type, and types it so", async () => {
    network.answer = () => ({ data: [{ type: 'wallettransaction', id: 't-1', attributes: { referenceNumber: 'WT1', type: 256 } }] });
    const page = await new QueryClient().fetchQuery(listQuery('listWalletTransactions', {}));
    expect(page.rows).toEqual([{ id: 't-1', referenceNumber: 'WT1', type: 256 }]);
    // tsc fails here if the type code and the resource type are intersected (a list no hook would accept).
    expectTypeOf<RowOf<'listWalletTransactions'>['type']>().toEqualTypeOf<2 | 1 | 4 | 256 | 8 | 32>();
  });

  it('the contract answers without page meta is one page holding every row', async () => {
    network.answer = () => ({ data: [1, 2, 3].map((id) => ({ type: 'currency', id: String(id), attributes: { code: 'USD' } })) });
    const page = await new QueryClient().fetchQuery(listQuery('listCurrencies', {}));
    expect(page.meta).toEqual({ itemTotal: 3, pageNumber: 1, pageSize: 3, pageTotal: 1 });
  });

  it("of a table file asks with the table's parameters as text", async () => {
    await new QueryClient().fetchQuery(tablePageQuery('listTenants')({ params: { 'page[number]': '2', 'filter[name]': 'ac' } }));
    expect(new URL(network.requests[0]?.url ?? '').searchParams.toString()).toBe('page%5Bnumber%5D=2&filter%5Bname%5D=ac');
  });
});

describe('a query asked to keep the previous answer', () => {
  it('shows the answer of the call before while a changed call loads, and the new answer once it comes', async () => {
    network.answer = (request) => ({ data: [], meta: { timeframe: new URL(request.url).searchParams.get('filter[timeframe]') } });
    const { result, rerender } = renderHook(
      ({ timeframe }: { timeframe: 'weekly' | 'monthly' }) =>
        useDocument('getTransactionStatistics', { query: { 'filter[timeframe]': timeframe } }, { placeholderData: keepPreviousData }),
      { wrapper: wrapperWith(new QueryClient()), initialProps: { timeframe: 'weekly' } },
    );
    await waitFor(() => expect(result.current.data?.meta.timeframe).toBe('weekly'));

    // The monthly answer cannot have come yet: the render right after the switch still shows the weekly one.
    rerender({ timeframe: 'monthly' });
    expect(result.current).toMatchObject({ isPlaceholderData: true, data: { meta: { timeframe: 'weekly' } } });
    await waitFor(() => expect(result.current.data?.meta.timeframe).toBe('monthly'));
  });
});

describe('the cache', () => {
  it('keys an answer by the tenant whose token asked: a switch never shows the previous tenant its rows', () => {
    const before = listQuery('listProducts', {}).queryKey;
    sessionStore.selectTenant({ id: 'acme', name: 'Acme', type: 'partner', accessToken: 'acme-token' });
    const after = listQuery('listProducts', {}).queryKey;
    expect(before).toContain('teller');
    expect(after).toContain('acme');
    // The session's own calls stay the session's tenant's.
    expect(readQuery('getProduct', { path: { id: '4' }, credential: 'own' }).queryKey).toContain('teller');
  });

  it('marks every list and read of the type stale after a mutation of it, and of the types that show it', async () => {
    const client = new QueryClient();
    const products = listQuery('listProducts', {});
    const oneProduct = readQuery('getProduct', { path: { id: '4' } });
    const tenants = listQuery('listTenants', {});
    client.setQueryData(products.queryKey, { rows: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 1 } });
    client.setQueryData(oneProduct.queryKey, { id: '4', type: 'Payout', title: 'Cash Pickup', subTitle: '', backgroundUrl: null, ...productFields });
    client.setQueryData(tenants.queryKey, { rows: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 1 } });
    const { result } = renderHook(() => ({ service: useMutate('createService'), product: useMutate('updateProduct') }), { wrapper: wrapperWith(client) });

    network.answer = () => ({ data: { type: 'service', id: '9', attributes: { name: 'Airtime' } } });
    await act(() => result.current.service.mutateAsync({ attributes: { name: 'Airtime', description: 'Top-up', productId: '4' } }));
    // identity-and-catalogue §2: a settings entry added, the product's lists are read again; its list too.
    expect(client.getQueryState(oneProduct.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(tenants.queryKey)?.isInvalidated).toBe(false);

    client.setQueryData(products.queryKey, { rows: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 1 } });
    network.answer = () => ({ data: { ...product, attributes: { ...product.attributes, ...productFields } } });
    await act(() => result.current.product.mutateAsync({ path: { id: '4' }, attributes: { title: 'Cash' } }));
    expect(client.getQueryState(products.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(tenants.queryKey)?.isInvalidated).toBe(false);
  });
});

describe('useRecordController', () => {
  it('loads the record named and saves the changes to it, then the lists of its type are stale', async () => {
    const client = new QueryClient();
    const tenants = listQuery('listTenants', {});
    client.setQueryData(tenants.queryKey, { rows: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 1 } });
    network.answer = () => ({ data: { type: 'tenant', id: 'acme', attributes: { name: 'Acme' } } });
    const { result } = renderHook(
      () => useRecordController({ read: 'getTenant', update: 'updateTenant', id: 'acme', readInit: (id) => ({ path: { id }, query: { include: 'scopes' } }) }),
      { wrapper: wrapperWith(client) },
    );
    expect(result.current.mode).toBe('edit');
    await waitFor(() => expect(result.current.record).toEqual({ id: 'acme', type: 'tenant', name: 'Acme' }));

    const saved = vi.fn();
    act(() => result.current.save({ name: 'Acme Ltd' }, { onSuccess: saved }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const update = network.requests.find((request) => request.method === 'PATCH');
    expect(await update?.json()).toEqual({ data: { type: 'Tenant', id: 'acme', attributes: { name: 'Acme Ltd' } } });
    expect(client.getQueryState(tenants.queryKey)?.isInvalidated).toBe(true);
  });

  it('without a record id asks for nothing and saves by creating', async () => {
    const client = new QueryClient();
    network.answer = () => ({ data: { type: 'apiresource', id: '5', attributes: { name: 'wallet' } } });
    const { result } = renderHook(
      () => useRecordController({ read: 'getApiResource', update: 'updateApiResource', create: 'createApiResource', id: undefined }),
      { wrapper: wrapperWith(client) },
    );
    expect(result.current).toMatchObject({ mode: 'create', isPending: false, record: undefined });
    const saved = vi.fn();
    act(() => result.current.save({ name: 'wallet', displayName: 'Wallet' }, { onSuccess: saved }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(network.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['PUT /api/v1/id/apiresource']);
    expect(await network.requests[0]?.json()).toEqual({ data: { type: 'Resource', attributes: { name: 'wallet', displayName: 'Wallet' } } });
  });
});
