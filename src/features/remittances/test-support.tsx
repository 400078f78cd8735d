// Test support for the remittance screens: rows shaped like listRemittances answers them, the payout account and swift
// answers, and a render with the app's providers, the remittance table's source and the screen's routes. The gateway
// in memory is the shared src/api/test-support/fake-gateway.ts.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { components } from '../../api/gateway';
import { sessionStore } from '../../api/session';
import { Toaster } from '../../render/Toaster';
import { TableSourcesProvider } from '../../render/table';
import { tableSources } from './manifest';

type Attributes = components['schemas']['RemittanceAttributes'];
type SwiftAttributes = components['schemas']['SwiftStatusDocument']['data']['attributes'];

const NO_ACTIONS = { checkStatus: false, reprocess: false, cancel: false, editStatus: false };
export const PAYOUT_ADMIN_ACTIONS = { checkStatus: true, reprocess: true, cancel: true, editStatus: true };

export function remittanceResource(id: string, overrides: Partial<Attributes> = {}) {
  const attributes: Attributes = {
    payoutExternalId: `TS2611210000${id.slice(-2).padStart(2, '0')}`,
    partnerId: null,
    referenceNumber: `RP20261121000${id.slice(-3).padStart(3, '0')}`,
    originalId: null,
    payinId: `pi-8f3a${id.slice(-2)}`,
    cardPaymentReference: 'CP-55120',
    transactionDate: '2026-11-21T09:14:00Z',
    typeName: 'Remittance',
    externalId: null,
    payoutChannel: 'SWIFT',
    payoutPartner: 'Providus Bank',
    senderName: 'Hodan Ali',
    senderAmount: '200.00',
    senderCurrency: 'USD',
    receiverName: 'Chinedu Okafor',
    receiverAmount: '304070.00',
    receiverCurrency: 'NGN',
    beneficiaryBankBic: 'PROVNGLA',
    beneficiaryAccount: '0123456789',
    transactionFee: '4.50',
    transactionFx: '1520.35',
    statusId: 256,
    status: 'Approved or completed successfully',
    purpose: 'Family support',
    senderRemarks: 'School fees',
    adminNotes: null,
    reprocessable: false,
    queued: false,
    actions: NO_ACTIONS,
    ...overrides,
  };
  return { type: 'remittance' as const, id, attributes };
}

export type RemittanceResource = ReturnType<typeof remittanceResource>;

export function remittanceList(resources: readonly RemittanceResource[], meta: Partial<{ itemTotal: number; pageNumber: number; pageSize: number; pageTotal: number }> = {}) {
  return { data: resources, meta: { itemTotal: resources.length, pageNumber: 1, pageSize: 10, pageTotal: 1, ...meta } };
}

export function remittanceDocument(resource: RemittanceResource) {
  return { data: resource };
}

export const payoutAccountDocument = {
  data: {
    type: 'payout-account',
    id: '5400012345',
    attributes: {
      accountNumber: '5400012345',
      accountName: 'Tawakal Swift Payouts',
      availableBalance: '48250310.75',
      currency: 'NGN',
      accountStatus: 'ACTIVE',
      emailAddress: 'payouts@tawakal.example',
      phoneNumber: '2348031234567',
    },
  },
};

export function swiftStatusDocument(resource: RemittanceResource, responseCode: string, responseMessage: string, overrides: Partial<SwiftAttributes> = {}) {
  const reference = resource.attributes.payoutExternalId.split('|')[0] ?? '';
  const attributes: SwiftAttributes = {
    currency: null,
    amount: null,
    transactionReference: reference,
    recipientBankCode: null,
    recipientAccountNumber: null,
    transactionDateTime: null,
    responseCode,
    responseMessage,
    transaction: {
      id: resource.id,
      referenceNumber: resource.attributes.referenceNumber,
      originalId: resource.attributes.originalId,
      payoutExternalId: resource.attributes.payoutExternalId,
      statusId: resource.attributes.statusId,
      status: resource.attributes.status,
    },
    ...overrides,
  };
  return { data: { type: 'swift-status', id: reference, attributes } };
}

/** payout@demo.test: the payout admin role in tawakal-swift (payout-admin tenant with account 5400012345). */
export function signInAs(tenantId: string, roles: number[] = [4]) {
  sessionStore.signIn({ userId: '9', email: 'payout@demo.test', accessToken: 'token', roles, tenantId, claim: tenantId, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 });
}

/** Where the screen sent the address, for route assertions. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

export function renderWithApp(ui: ReactElement, { route = '/transactions/remittances' }: { route?: string } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <Toaster />
        <MemoryRouter initialEntries={[route]}>
          <TableSourcesProvider sources={tableSources}>
            <Routes>
              <Route path="/transactions/remittances/:filterstatus" element={children} />
              <Route path="*" element={children} />
            </Routes>
            <Address />
          </TableSourcesProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
