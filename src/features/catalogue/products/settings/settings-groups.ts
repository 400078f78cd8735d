// identity-and-catalogue §2, §3, §9: the product settings side pane has one tab per settings list, under the keys
// the gateway answers them with; each tab is a table of 20 rows a page with New and Delete. The lists come inside
// the product (getProduct), not from a list operation, so their tables are described here rather than in
// schemas/tables (whose files name a list operation the checker verifies).
import type { TableConfig } from '../../../../config/types';
import type { FormValues } from '../../../../render/form';
import { CURRENCY_CREATED, PAYMENT_OPTION_ADDED, SERVICE_ADDED } from '../../messages';

export type SettingsKey = 'SendingCurrency' | 'ReceivingCurrency' | 'PaymentOption' | 'Service';

export interface SettingsGroup {
  key: SettingsKey;
  label: string;
  /** The form file of its New entry. */
  formId: 'product-currency' | 'payment-option' | 'service';
  /** §8 success text of a new entry. */
  created: string;
  table: TableConfig;
}

/** A settings entry's create and delete, for its tab. */
export interface SettingsCalls {
  create: (values: FormValues) => Promise<unknown>;
  creating: boolean;
  remove: (id: string) => Promise<unknown>;
  removing: boolean;
}

export const SETTINGS_PAGE_SIZE = 20;

function settingsTable(id: string, title: string, columns: TableConfig['columns']): TableConfig {
  return {
    id,
    title,
    operation: 'getProduct',
    rowKey: 'id',
    pageSize: SETTINGS_PAGE_SIZE,
    toolbarActions: [{ id: 'new', label: 'New', flow: 'newSetting' }],
    columns: [...columns, { id: 'actions', header: 'Actions', format: 'actions' }],
    rowActions: [{ id: 'delete', label: 'Delete', flow: 'deleteSetting' }],
  };
}

const currencyColumns: TableConfig['columns'] = [
  { id: 'name', field: 'name', header: 'Name' },
  { id: 'code', field: 'code', header: 'Code' },
  { id: 'symbol', field: 'symbol', header: 'Symbol' },
];

export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    key: 'SendingCurrency',
    label: 'Sending Currency',
    formId: 'product-currency',
    created: CURRENCY_CREATED,
    table: settingsTable('sending-currencies', 'Sending Currencies', currencyColumns),
  },
  {
    key: 'ReceivingCurrency',
    label: 'Receiving Currency',
    formId: 'product-currency',
    created: CURRENCY_CREATED,
    table: settingsTable('receiving-currencies', 'Receiving Currencies', currencyColumns),
  },
  {
    key: 'PaymentOption',
    label: 'Payment Option',
    formId: 'payment-option',
    created: PAYMENT_OPTION_ADDED,
    table: settingsTable('payment-options', 'Payment Options', [
      { id: 'paymentMethod', field: 'paymentMethod', header: 'Payment Method' },
      { id: 'description', field: 'description', header: 'Description' },
    ]),
  },
  {
    key: 'Service',
    label: 'Service',
    formId: 'service',
    created: SERVICE_ADDED,
    table: settingsTable('services', 'Services', [
      { id: 'name', field: 'name', header: 'Name' },
      { id: 'description', field: 'description', header: 'Description' },
      { id: 'icon', field: 'icon', header: 'Icon' },
    ]),
  },
];
