// What the code gives config and needs from it, in one place (docs/architecture.md, "what a screen shows is data"):
// the flows a table's actions may run, the parts each screen file rules, and the config files the screens read.
// `npm run check:config` reads it, so an action naming an unknown flow, a screen part no screen draws, or a missing
// table or form file is a checker error rather than a screen that breaks. Plain data: node and the browser read it.

/** Where a flow is started: a row's action button (or a cell, cellAction), or a button above the table. */
export type FlowPlace = 'row' | 'toolbar';

export interface FlowEntry {
  on: FlowPlace;
  /** The table files whose screen runs it; an action naming it elsewhere would do nothing. */
  tables: readonly string[];
  description: string;
}

/** The flows table actions name ("flow": "openUser"); each screen passes its handlers by these names (SchemaTable flows). */
export const FLOWS = {
  openUser: { on: 'row', tables: ['users', 'admins'], description: "opens the row's User Information panel (users-and-wallets §2)" },
  createUser: { on: 'toolbar', tables: ['users', 'admins'], description: 'the Create User wizard (users-and-wallets §4)' },
  confirmTransaction: {
    on: 'row',
    tables: ['wallet-transactions', 'user-transactions'],
    description: 'the one-time code step of a pending wallet transaction (users-and-wallets §4)',
  },
  remittanceDetails: { on: 'row', tables: ['remittances'], description: "the remittance's details (remittances-and-payouts §2)" },
  remittanceReference: {
    on: 'row',
    tables: ['remittance-payins', 'remittance-payouts'],
    description: "the reference's type, remarks, loan id and purpose (remittances-and-payouts §2)",
  },
  swiftStatus: { on: 'row', tables: ['remittances'], description: 'Analyse Request: the swift status check and its branches (remittances-and-payouts §4)' },
  reprocessPayout: { on: 'row', tables: ['remittances'], description: 'reprocesses the row, after asking (remittances-and-payouts §6)' },
  editPayoutStatus: { on: 'row', tables: ['remittances'], description: "Edit Status: overrides the row's status (remittances-and-payouts §4)" },
  newProduct: { on: 'toolbar', tables: ['products'], description: 'opens the New Product form (identity-and-catalogue §4)' },
  openProduct: { on: 'row', tables: ['products'], description: "opens the product's detail (identity-and-catalogue §4)" },
  productSettings: { on: 'row', tables: ['products'], description: "opens the product's settings pane (identity-and-catalogue §4)" },
  newSetting: {
    on: 'toolbar',
    tables: ['sending-currencies', 'receiving-currencies', 'payment-options', 'services'],
    description: "opens the New form of a product settings list (identity-and-catalogue §4); these tables are described in src/features/catalogue/products/settings/settings-groups.ts",
  },
  deleteSetting: {
    on: 'row',
    tables: ['sending-currencies', 'receiving-currencies', 'payment-options', 'services'],
    description: 'deletes a product settings entry, after asking (identity-and-catalogue §4)',
  },
  newCurrency: { on: 'toolbar', tables: ['currencies'], description: 'opens the New Currency form (identity-and-catalogue §4)' },
  newFee: { on: 'toolbar', tables: ['fee-details'], description: 'opens the New Fee form for the chosen product and currency (identity-and-catalogue §5)' },
  editFee: { on: 'row', tables: ['fee-details'], description: "opens the fee detail's form (identity-and-catalogue §5)" },
  deleteFee: { on: 'row', tables: ['fee-details'], description: 'deletes the fee detail, after asking (identity-and-catalogue §5)' },
  createTenant: { on: 'toolbar', tables: ['tenants'], description: 'opens the Create Tenant form (identity-and-catalogue §3)' },
  openTenant: { on: 'row', tables: ['tenants'], description: "opens the tenant's form (identity-and-catalogue §3)" },
  duplicateTenant: { on: 'row', tables: ['tenants'], description: 'opens the Create Tenant form filled from the row (identity-and-catalogue §3)' },
  createScope: { on: 'toolbar', tables: ['api-scopes'], description: 'opens the Create Scope form (identity-and-catalogue §3)' },
  approveApproval: { on: 'row', tables: ['approvals'], description: 'approves the request after asking: the gateway runs it once (four-eyes approvals)' },
  rejectApproval: { on: 'row', tables: ['approvals'], description: 'rejects the request with a reason (four-eyes approvals)' },
  openScope: { on: 'row', tables: ['api-scopes'], description: "opens the scope's form (identity-and-catalogue §3)" },
  createResource: { on: 'toolbar', tables: ['api-resources'], description: 'opens the Create Resource form (identity-and-catalogue §3)' },
  openResource: { on: 'row', tables: ['api-resources'], description: "opens the resource's form (identity-and-catalogue §3)" },
} as const satisfies Record<string, FlowEntry>;

export type FlowName = keyof typeof FLOWS;
type FlowsOn<Place extends FlowPlace> = { [Name in FlowName]: (typeof FLOWS)[Name]['on'] extends Place ? Name : never }[FlowName];
export type RowFlowName = FlowsOn<'row'>;
export type ToolbarFlowName = FlowsOn<'toolbar'>;

/** The parts of each screen file (schemas/screens/<id>.json), each drawn only where its `visible` rule holds. */
export const SCREEN_PARTS = {
  'user-details': {
    transactionsTab: 'the Transactions tab',
    edit: 'the Edit button, edit mode and Save Changes',
    uploadDocuments: 'Upload Documents and the avatar upload',
    statusDropdown: 'the status action dropdown',
    topUpServices: 'the top-up service dropdown',
    changePassword: 'the Change Password button',
    walletBalance: 'the wallet balance widget',
    history: 'the audit History',
    sessions: "the Sessions tab of another person's sessions (top admin)",
  },
  'wallet-transactions': { pdfExport: 'the PDF export button' },
  remittances: {
    availableBalance: 'the Available Balance in the header',
    bulkReprocessing: 'the Bulk Reprocessing button',
    selectedReprocessing: 'reprocessing the ticked rows',
    selectedEditStatus: 'editing the status of the ticked rows',
    pdfExport: 'the payout PDF in the Export menu',
    history: 'the History tab of the Transaction Details (the row\'s audit trail)',
  },
  'payout-account': { card: 'the payout account card' },
} as const satisfies Record<string, Record<string, string>>;

export type ScreenId = keyof typeof SCREEN_PARTS;
export type ScreenPart<Screen extends ScreenId> = keyof (typeof SCREEN_PARTS)[Screen] & string;

/** The parts of a screen, in the registry's order. */
export function screenParts<Screen extends ScreenId>(screen: Screen): ScreenPart<Screen>[] {
  return Object.keys(SCREEN_PARTS[screen]) as ScreenPart<Screen>[];
}

/** Table files the screens draw by id (useTableController, TableScreen, the UPT report). */
export const TABLE_IDS = [
  'users',
  'admins',
  'wallet-transactions',
  'user-transactions',
  'remittances',
  'remittance-payins',
  'remittance-payouts',
  'audit',
  'approvals',
  'upt-transactions',
  'upt-transaction-report',
  'upt-banks',
  'upt-countries',
  'products',
  'currencies',
  'fee-details',
  'tenants',
  'api-scopes',
  'api-resources',
] as const;
export type TableId = (typeof TABLE_IDS)[number];

/** Form files the screens draw or validate with by id (SchemaForm, useForm, useFormValidator). */
export const FORM_IDS = [
  'login',
  'forget-password',
  'recovery-code',
  'new-password',
  'change-password',
  'create-user',
  'edit-user',
  'profile',
  'status-change',
  'document-upload',
  'top-up',
  'bulk-reprocess',
  'bulk-reprocess-days',
  'payout-status',
  'tenant',
  'api-scope',
  'api-resource',
  'product',
  'product-currency',
  'payment-option',
  'service',
  'currency-new',
  'fee-detail',
  'forex',
] as const;
export type RegisteredFormId = (typeof FORM_IDS)[number];
/** A form fixture a test compiles under its own id (src/render/form/test-forms.ts). */
export type TestFormId = `test-${string}`;
export type FormId = RegisteredFormId | TestFormId;

/** Single config files the app cannot start without. */
export const REQUIRED_FILES = ['schemas/menus/role-groups.json', 'schemas/tables/color-maps.json'] as const;
