// Test support for the universal payment screens: rows shaped like the UPT operations answer them, and a render with
// the app's providers and the UPT tables' sources. The gateway in memory is src/api/test-support/fake-gateway.ts.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { components } from '../../api/gateway';
import { sessionStore } from '../../api/session';
import { Toaster } from '../../render/Toaster';
import { TableSourcesProvider } from '../../render/table';
import { tableSources } from './manifest';

type Schemas = components['schemas'];
type UptTransactionAttributes = Schemas['UptTransaction']['attributes'];

const NO_EXPORT_FIELDS: Schemas['UptTransactionExportFields'] = {
  transferId: null, txNo: null, statusDescription: null, senderCountryCode: null, senderCustomerId: null, senderCitizenshipNo: null,
  senderNationality: null, senderIdProviderCountry: null, senderIdType: null, senderIdNo: null, senderFirstName: null, senderSurname: null,
  senderBirthdate: null, senderBirthplace: null, senderGsmCountryCode: null, senderGsmNumber: null, senderAddress: null,
  beneficiaryCountryCode: null, beneficiaryFirstName: null, beneficiarySurname: null, beneficiaryGsmCountryCode: null,
  beneficiaryGsmNumber: null, beneficiaryBirthdate: null, beneficiaryFatherName: null, beneficiaryBankBicCode: null,
  beneficiaryBankCode: null, beneficiaryBranchCode: null, beneficiaryIban: null, narrative: null, transactionType: null, moneyTaken: null,
  moneyTakenCurrency: null, eftType: null, officeReferenceCode: null, accountingAmount: null, accountingCurrency: null,
  accountingExchangeRate: null, expenseAmount: null, expenseCurrency: null, commissionAmount: null, commissionCurrency: null,
  receivedPaymentAmount: null, receivedPaymentCurrency: null,
};

export function uptTransactionResource(id: string, overrides: Partial<UptTransactionAttributes> = {}) {
  const attributes: UptTransactionAttributes = {
    reference: `UPT2611210${id.padStart(4, '0')}`,
    tuReference: `TU-${id}`,
    senderName: 'Mehmet Yilmaz',
    beneficiaryName: 'Abdi Hassan',
    transactionDate: '2026-11-21T08:00:00Z',
    amount: '150.00',
    amountCurrency: 'USD',
    status: 'PAID',
    ...NO_EXPORT_FIELDS,
    ...overrides,
  };
  return { type: 'upt-transaction' as const, id, attributes };
}

export function listDocument<T>(data: readonly T[], meta: Partial<{ itemTotal: number; pageNumber: number; pageSize: number; pageTotal: number }> = {}) {
  return { data, meta: { itemTotal: data.length, pageNumber: 1, pageSize: 10, pageTotal: 1, ...meta } };
}

export function uptCountryResource(code: string, name: string, limits: Schemas['UptPaymentLimit'][]) {
  return {
    type: 'upt-country' as const,
    id: code,
    attributes: {
      name,
      code,
      isDeleted: false,
      isUsedSecurityQuestion: false,
      currencyCode: 'NGN',
      paymenMinAge: 18,
      marketingExpense: '0.50',
      reporterExpense: '0.25',
      telephoneCode: '234',
      isIbanMandatoryForSwift: false,
      currentPaymentLimits: limits,
    },
  };
}

export function uptBankResource(id: string, name: string, code: string) {
  return {
    type: 'upt-bank' as const,
    id,
    attributes: {
      name,
      code,
      isDeleted: false,
      countryCode: 'NG',
      creditCardCenterBranchCode: null,
      closedDate: null,
      createdOn: '2023-06-01T08:00:00Z',
      modifiedOn: null,
      branches: [],
    },
  };
}

export function signInAs(tenantId: string, roles: number[] = [4]) {
  sessionStore.signIn({ userId: '11', email: 'super@demo.test', accessToken: 'token', roles, tenantId, claim: tenantId, adminTenant: tenantId === 'dssc', expiresAt: Date.now() + 3_600_000 });
}

export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <Toaster />
        <MemoryRouter initialEntries={[route]}>
          <TableSourcesProvider sources={tableSources}>{children}</TableSourcesProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
