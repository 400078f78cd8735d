// The config checker on a temporary copy of the repository's config: each kind of mistake is provoked once and
// must be reported as exactly one `file#/pointer: message (fix)` line.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, copyConfig } from '../tests/config/config-copy.ts';
import type { ConfigCopy } from '../tests/config/config-copy.ts';
import { checkConfigReportWithForms } from '../src/config/check/health.ts';
import { checkConfig, formatProblem } from './check-config.ts';

type Json = Record<string, unknown>;
type Item = { label: string; route?: string; visible?: unknown };
type MenuFile = { groups: { default: Item[] } };
type TableFile = { columns: Json[]; rowActions: Json[]; operation: string; defaultSort?: string; pageSize?: number };
type FormFile = { schema: { properties: Record<string, Json> }; uiSchema: Json; rules?: Json };

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

const lines = () => checkConfig(copy.root).map(formatProblem);

describe('check:config on the repository', () => {
  it('passes the real config', () => {
    expect(checkConfig(REPOSITORY_ROOT).map(formatProblem)).toEqual([]);
  });

  it('counts the files it checked for the "config ok (N files)" line', () => {
    const report = checkConfigReportWithForms(REPOSITORY_ROOT);
    expect(report.fileCount).toBeGreaterThan(40);
  });
});

describe('check:config reports each mistake at its file and JSON pointer', () => {
  it('a file that is not JSON', () => {
    copy.writeText('tenants/amal.json', '{ "id": "amal", }');
    expect(lines()).toEqual([
      expect.stringMatching(/^tenants\/amal\.json#: is not valid JSON at line 1, column 17: .+ \(fix the JSON syntax\)$/),
    ]);
  });

  it('a property the meta-schema does not know', () => {
    copy.editJson('tenants/amal.json', (tenant) => {
      tenant.colour = 'red';
    });
    expect(lines()).toEqual([
      "tenants/amal.json#/colour: unknown property 'colour' (remove it or use one of '$schema', '$comment', 'id', 'name', 'description', 'type', 'clientId', 'grantType', 'scope', 'clientClaimsPrefix', 'clientRoles', 'claim', 'admin', 'main', 'menu', 'labels', 'hiddenColumns', 'logo', 'theme', 'creditUnion' or …)",
    ]);
  });

  it('a missing required property, with what it is for', () => {
    copy.editJson('tenants/amal.json', (tenant) => {
      delete tenant.menu;
    });
    expect(lines()).toEqual([`tenants/amal.json#: missing property 'menu' (add "menu": id of a menu file in schemas/menus/)`]);
  });

  it('a value outside an enum', () => {
    copy.editJson('tenants/amal.json', (tenant) => {
      tenant.type = 'remittance';
    });
    expect(lines()).toEqual([
      "tenants/amal.json#/type: has a value that is not allowed (use 'wallet', 'payin', 'payout', 'payinpayoutservice', 'bunna' or 'identity')",
    ]);
  });

  it('a file that does not name its meta-schema in $schema', () => {
    copy.editJson('schemas/forms/login.json', (form) => {
      form.$schema = '../meta/menu.schema.json';
    });
    expect(lines()).toEqual(['schemas/forms/login.json#/$schema: must be "../meta/form.schema.json" (set it to "../meta/form.schema.json")']);
  });

  it('an id that differs from the file name', () => {
    copy.editJson('schemas/tables/admins.json', (table) => {
      table.id = 'staff';
    });
    expect(lines()).toEqual(["schemas/tables/admins.json#/id: id 'staff' differs from the file name (rename the file to staff.json or set id to 'admins')"]);
  });

  it('[UW-3.17] a reference list the app cannot load after login', () => {
    copy.editJson('tenants/naccug.json', (tenant) => {
      tenant.referenceLists = ['listRoles', 'listUsers'];
    });
    expect(lines()).toEqual([
      "tenants/naccug.json#/referenceLists/1: has a value that is not allowed (use 'listRoles', 'listGroups', 'listStatuses', 'listCountries' or 'listTransactionTypes')",
    ]);
  });

  it('[UW-3.18] a reference list named twice', () => {
    copy.editJson('tenants/guulpay.json', (tenant) => {
      tenant.referenceLists = ['listRoles', 'listTransactionTypes', 'listRoles'];
    });
    expect(lines()).toEqual([expect.stringMatching(/^tenants\/guulpay\.json#\/referenceLists: /)]);
  });

  it('a tenant naming a missing menu', () => {
    copy.editJson('tenants/naccug.json', (tenant) => {
      tenant.menu = 'credit-unions';
    });
    expect(lines()).toEqual([
      "tenants/naccug.json#/menu: 'credit-unions' is not a menu file in schemas/menus/ (use 'bunna', 'credit-union', 'identity-admin', 'nordic', 'payin', 'payout', 'remittances', 'remittances-admins', 'remittances-admins-with-users', 'remittances-with-users', 'upt', 'upt-admin' or 'wallet')",
    ]);
  });

  it('duplicate tenant ids', () => {
    copy.writeJson('tenants/naccug-2.json', { ...copy.readJson<Json>('tenants/naccug.json'), clientId: 'naccug-2-client' });
    expect(lines()).toEqual([
      "tenants/naccug-2.json#/id: id 'naccug' differs from the file name (rename the file to naccug.json or set id to 'naccug-2')",
      "tenants/naccug.json#/id: id 'naccug' is also used by tenants/naccug-2.json (give each tenant its own id)",
    ]);
  });

  it('duplicate client ids', () => {
    copy.editJson('tenants/smfi.json', (tenant) => {
      tenant.clientId = 'naccug-client';
    });
    expect(lines()).toEqual(["tenants/smfi.json#/clientId: clientId 'naccug-client' is also used by tenants/naccug.json (give each tenant its own clientId)"]);
  });

  it('a second admin tenant', () => {
    copy.editJson('tenants/teller.json', (tenant) => {
      Object.assign(tenant, { admin: true, claim: 'dssc' });
    });
    // Its claim dssc is the admin tenant's too, but the second admin flag is the one mistake to fix first.
    expect(lines()).toEqual(['tenants/teller.json#/admin: tenants/dssc.json is already the admin tenant (mark only one tenant "admin": true)']);
  });

  it('a hidden column the table does not have', () => {
    copy.editJson<{ hiddenColumns: Record<string, string[]> }>('tenants/ss-gmb.json', (tenant) => {
      tenant.hiddenColumns.admins = ['groups'];
    });
    expect(lines()).toEqual([
      "tenants/ss-gmb.json#/hiddenColumns/admins/0: table 'admins' has no column 'groups' (use 'email', 'phone', 'accountId', 'name', 'wallet', 'created', 'status' or 'actions')",
    ]);
  });

  it('hidden columns of a table that does not exist', () => {
    copy.editJson<{ hiddenColumns: Record<string, string[]> }>('tenants/ss-gmb.json', (tenant) => {
      tenant.hiddenColumns = { members: ['groups'] };
    });
    // The fix lists the table files in order, cut short once there are many, so only its start is fixed.
    expect(lines()).toEqual([
      expect.stringMatching(/^tenants\/ss-gmb\.json#\/hiddenColumns\/members: 'members' is not a table in schemas\/tables\/ \(use 'admins', 'api-resources', .+\)$/),
    ]);
  });

  it('a logo file that does not exist', () => {
    copy.remove('public/logos/amal.svg');
    expect(lines()).toEqual(["tenants/amal.json#/logo: '/logos/amal.svg' is not a file under public/ (create it as a file under public/)"]);
  });

  it('a menu route with no screen', () => {
    copy.editJson<MenuFile>('schemas/menus/payin.json', (menu) => {
      menu.groups.default[1] = { label: 'Transactions', route: '/remittance/transactions' };
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^schemas\/menus\/payin\.json#\/groups\/default\/1\/route: '\/remittance\/transactions' is not a route of src\/config\/routes\.ts \(use '\/login', .+\)$/),
    ]);
  });

  it('a tenant type whose Control-Panel-made tenants would get two menus, or none', () => {
    copy.editJson<MenuFile & { forTenantTypes?: string[] }>('schemas/menus/payout.json', (menu) => {
      menu.forTenantTypes = ['payout', 'wallet'];
    });
    copy.editJson<MenuFile & { forTenantTypes?: string[] }>('schemas/menus/bunna.json', (menu) => {
      delete menu.forTenantTypes;
    });
    expect(lines().sort()).toEqual([
      `schemas/menus#: no menu lists tenant type 'bunna' in forTenantTypes, so a bunna tenant made on the Control Panel has no menu (add "forTenantTypes": ["bunna"] to the menu such tenants get)`,
      "schemas/menus/wallet.json#/forTenantTypes/0: tenant type 'wallet' already has its menu in schemas/menus/payout.json (list each tenant type in one menu only)",
    ]);
  });

  it('a menu item with neither route nor children', () => {
    let index = -1;
    copy.editJson<MenuFile>('schemas/menus/payin.json', (menu) => {
      index = menu.groups.default.push({ label: 'Reports' }) - 1;
    });
    expect(lines()).toEqual([`schemas/menus/payin.json#/groups/default/${index}: needs 'route' or 'children' (add 'route' or 'children')`]);
  });

  it('a rule naming an unknown context key', () => {
    copy.editJson<MenuFile>('schemas/menus/wallet.json', (menu) => {
      const item = menu.groups.default[0];
      if (item) item.visible = { '==': [{ var: 'tenantKind' }, 'wallet'] };
    });
    expect(lines()).toEqual([
      "schemas/menus/wallet.json#/groups/default/0/visible/==/0/var: rule names 'tenantKind', which is not a RuleContext key (use 'role', 'roles', 'tenant', 'tenantType', 'isAdminTenant', 'isMainTenant', 'ownProfile', 'newRecord', 'openedFrom', 'payoutAdmin' or 'path')",
    ]);
  });

  it('a rule naming an unknown context key in the role groups', () => {
    copy.editJson<{ groups: { when: unknown }[] }>('schemas/menus/role-groups.json', (roleGroups) => {
      const first = roleGroups.groups[0];
      if (first) first.when = { in: [{ var: 'accountRole' }, [4, 64]] };
    });
    expect(lines()).toEqual([
      "schemas/menus/role-groups.json#/groups/0/when/in/0/var: rule names 'accountRole', which is not a RuleContext key (use 'role', 'roles', 'tenant', 'tenantType', 'isAdminTenant', 'isMainTenant', 'ownProfile', 'newRecord', 'openedFrom', 'payoutAdmin' or 'path')",
    ]);
  });

  it('a rule using an operation json-logic does not have', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.rules = { ...form.rules, externalid: { visible: { startsWith: [{ var: 'path' }, '/wallet'] } } };
    });
    expect(lines()).toEqual([
      "schemas/forms/create-user.json#/rules/externalid/visible: unknown json-logic operation 'startsWith' (use a json-logic operation such as ==, !, and, or, in, var)",
    ]);
  });

  it('a table column whose field the contract lacks', () => {
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      const email = table.columns[4];
      if (email) email.field = 'email.address';
    });
    expect(lines()).toEqual([
      "schemas/tables/users.json#/columns/4/field: rows of listUsers have no field 'email.address' (use a field of the listUsers response in openapi/gateway.yaml, or add it there)",
    ]);
  });

  it('a sortable column whose field the operation cannot sort or filter by', () => {
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      const accountId = table.columns[1];
      if (accountId) accountId.field = 'account.accountNumber';
    });
    expect(lines()).toEqual([
      "schemas/tables/users.json#/columns/1/field: rows of listUsers have no field 'account.accountNumber' (use a field of the listUsers response in openapi/gateway.yaml, or add it there)",
      expect.stringMatching(/^schemas\/tables\/users\.json#\/columns\/1\/filter: listUsers takes no filter\[account\.accountNumber\] \(use 'filter\[id\]', 'filter\[account\.roles\]', .+\)$/),
      expect.stringMatching(/^schemas\/tables\/users\.json#\/columns\/1\/sortable: listUsers cannot sort by 'account\.accountNumber' \(use 'account\.accountId', .+\)$/),
    ]);
  });

  it('a table naming an unknown operation', () => {
    copy.editJson<TableFile>('schemas/tables/admins.json', (table) => {
      table.operation = 'listAdmins';
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^schemas\/tables\/admins\.json#\/operation: 'listAdmins' is not an operationId of openapi\/gateway\.yaml \(use ('[A-Za-z]+', )*'changePassword', .+\)$/),
    ]);
  });

  it('a table naming an operation that does not answer a list', () => {
    copy.editJson<TableFile>('schemas/tables/admins.json', (table) => {
      table.operation = 'getUser';
    });
    expect(lines()).toEqual(['schemas/tables/admins.json#/operation: getUser does not answer a list (a data array) (name a list operation such as listUsers)']);
  });

  it('a colour map id that does not exist', () => {
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      const status = table.columns.find((column) => column.id === 'status');
      if (status) status.colorMap = 'accountStatus';
    });
    expect(lines()).toEqual([
      "schemas/tables/users.json#/columns/9/colorMap: 'accountStatus' is not a map in schemas/tables/color-maps.json (use 'approvalStatus', 'remittanceStatus', 'roleBadge', 'transactionStatus', 'transactionType' or 'userStatus')",
    ]);
  });

  it('a row rule naming a field the rows lack', () => {
    copy.editJson<TableFile>('schemas/tables/wallet-transactions.json', (table) => {
      const otp = table.rowActions[0];
      if (otp) otp.visibleForRow = { '==': [{ var: 'state' }, 'PENDING'] };
    });
    expect(lines()).toEqual([
      "schemas/tables/wallet-transactions.json#/rowActions/0/visibleForRow/==/0/var: row rule names 'state', which rows of listWalletTransactions do not have (use a field of the listWalletTransactions response in openapi/gateway.yaml)",
    ]);
  });

  it('a sort, filter or page size the operation does not accept', () => {
    copy.editJson<TableFile>('schemas/tables/user-transactions.json', (table) => {
      table.defaultSort = '-remarks';
      table.pageSize = 500;
      const sender = table.columns.find((column) => column.id === 'senderName');
      if (sender) sender.filterKey = 'sender';
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^schemas\/tables\/user-transactions\.json#\/columns\/1\/filterKey: listWalletTransactions takes no filter\[sender\] \(use 'filter\[id\]', 'filter\[userId\]', .+\)$/),
      expect.stringMatching(/^schemas\/tables\/user-transactions\.json#\/defaultSort: listWalletTransactions cannot sort by '-remarks' \(use 'created', .+\)$/),
      'schemas/tables/user-transactions.json#/pageSize: listWalletTransactions serves at most 100 rows a page (use a page size up to 100)',
    ]);
  });

  it('a column id used twice', () => {
    copy.editJson<TableFile>('schemas/tables/admins.json', (table) => {
      const phone = table.columns[1];
      if (phone) phone.id = 'email';
    });
    expect(lines()).toEqual(["schemas/tables/admins.json#/columns/1/id: column id 'email' is used twice (give each column its own id)"]);
  });

  it('a form whose uiSchema names a field the schema lacks', () => {
    copy.editJson<FormFile>('schemas/forms/forget-password.json', (form) => {
      form.uiSchema.mail = { 'ui:autofocus': true };
    });
    expect(lines()).toEqual([
      "schemas/forms/forget-password.json#/uiSchema/mail: names field 'mail', which the form's schema lacks (use 'email' or add it to schema.properties)",
    ]);
  });

  it('a form rule for a field the schema lacks, and an option the field does not have', () => {
    copy.editJson<FormFile & { rules: Record<string, Json & { options?: Json }> }>('schemas/forms/create-user.json', (form) => {
      form.rules.groupId = { visible: true };
      const role = form.rules.role;
      if (role?.options) role.options['128'] = true;
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^schemas\/forms\/create-user\.json#\/rules\/groupId: names field 'groupId', which the form's schema lacks \(use 'role', .+ or add it to schema\.properties\)$/),
      "schemas/forms/create-user.json#/rules/role/options/128: '128' is not a value of field 'role' (use '4', '16', '64' or '256')",
    ]);
  });

  it('a required rule without a message for the empty field', () => {
    copy.editJson<FormFile & { rules: Record<string, Json> }>('schemas/forms/create-user.json', (form) => {
      form.rules.externalid = { ...form.rules.externalid, required: { '==': [{ var: 'tenant' }, 'naccug'] } };
    });
    expect(lines()).toEqual([
      "schemas/forms/create-user.json#/rules/externalid/required: has no message for an empty 'externalid' (add schema.errorMessage.required.externalid with the spec's text)",
    ]);
  });

  it('a select fed from a list whose rows lack the value field', () => {
    copy.editJson<FormFile>('schemas/forms/profile.json', (form) => {
      form.uiSchema.nationality = { 'ui:widget': 'select', 'ui:options': { optionsFrom: { operation: 'listCountries', value: 'demonym', label: 'nationality' } } };
    });
    expect(lines()).toEqual([
      "schemas/forms/profile.json#/uiSchema/nationality/ui:options/optionsFrom/value: rows of listCountries have no field 'demonym' (use a field of the listCountries response in openapi/gateway.yaml)",
    ]);
  });

  it('a form schema that does not compile into its validator', () => {
    copy.editJson<FormFile>('schemas/forms/new-password.json', (form) => {
      const password = form.schema.properties.password;
      if (password) password.minLenght = 6;
    });
    expect(lines()).toEqual([
      'schemas/forms/new-password.json#/schema/properties/password/minLenght: does not compile into a validator: strict mode: unknown keyword: "minLenght" (check its spelling (keywords are case-sensitive: maxLength, minLength), or use x-minAgeYears or x-notBeforeToday)',
    ]);
  });

  it('skips the contract checks with a notice when openapi/gateway.yaml is missing', () => {
    copy.remove('openapi/gateway.yaml');
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      const column = table.columns[1];
      if (column) column.field = 'account.accountNumber';
    });
    const report = checkConfigReportWithForms(copy.root);
    expect(report.problems).toEqual([]);
    expect(report.notices).toEqual(['openapi/gateway.yaml not found: skipped the checks of tables and form options against the contract']);
  });
});

describe('check:config on screen files (schemas/screens/, meta/screen.schema.json)', () => {
  type ScreenFile = { parts: Record<string, { visible?: unknown }> };

  it('a screen part whose rule names an unknown context key', () => {
    copy.editJson<ScreenFile>('schemas/screens/user-details.json', (screen) => {
      screen.parts.statusDropdown = { visible: { '!=': [{ var: 'openedFromScreen' }, 'transactions'] } };
    });
    expect(lines()).toEqual([
      "schemas/screens/user-details.json#/parts/statusDropdown/visible/!=/0/var: rule names 'openedFromScreen', which is not a RuleContext key (use 'role', 'roles', 'tenant', 'tenantType', 'isAdminTenant', 'isMainTenant', 'ownProfile', 'newRecord', 'openedFrom', 'payoutAdmin' or 'path')",
    ]);
  });

  it('a screen part whose rule uses an operation json-logic does not have', () => {
    copy.editJson<ScreenFile>('schemas/screens/wallet-transactions.json', (screen) => {
      screen.parts.pdfExport = { visible: { startsWith: [{ var: 'tenantType' }, 'wallet'] } };
    });
    expect(lines()).toEqual([
      "schemas/screens/wallet-transactions.json#/parts/pdfExport/visible: unknown json-logic operation 'startsWith' (use a json-logic operation such as ==, !, and, or, in, var)",
    ]);
  });

  it('a part the screen draws but its file lacks, with what it is for', () => {
    copy.editJson<ScreenFile>('schemas/screens/user-details.json', (screen) => {
      delete screen.parts.changePassword;
    });
    expect(lines()).toEqual([
      'schemas/screens/user-details.json#/parts: missing property \'changePassword\' (add "changePassword": { "visible": <rule> } for the Change Password button)',
    ]);
  });

  it('a part the screen does not have, and a part without its rule', () => {
    copy.editJson<ScreenFile>('schemas/screens/user-details.json', (screen) => {
      screen.parts.exportButton = { visible: true };
      screen.parts.history = {};
    });
    expect(lines()).toEqual([
      "schemas/screens/user-details.json#/parts/exportButton: unknown property 'exportButton' (remove it or use one of 'transactionsTab', 'edit', 'uploadDocuments', 'statusDropdown', 'topUpServices', 'changePassword', 'walletBalance', 'history' or 'sessions')",
      "schemas/screens/user-details.json#/parts/history: missing property 'visible' (add \"visible\")",
    ]);
  });

  it('a screen id that differs from the file name', () => {
    copy.editJson('schemas/screens/user-details.json', (screen) => {
      screen.id = 'user-panel';
    });
    expect(lines()).toContainEqual(
      "schemas/screens/user-details.json#/id: id 'user-panel' differs from the file name (rename the file to user-panel.json or set id to 'user-details')",
    );
  });
});
