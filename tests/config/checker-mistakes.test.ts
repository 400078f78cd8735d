// Mistakes a product owner makes while editing config, each provoked once in a copy of the repository's config:
// check:config must fail with the file, the JSON pointer and how to fix it, and say nothing else.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkConfig, formatProblem } from '../../scripts/check-config.ts';
import { copyConfig, type ConfigCopy } from './config-copy.ts';

type Json = Record<string, unknown>;
interface FormFile {
  schema: { required: string[]; properties: Record<string, Json>; errorMessage: { required: Record<string, string> } };
  uiSchema: { 'ui:order': string[] };
}
interface TableFile {
  columns: Json[];
  rowActions: Json[];
  toolbarActions: Json[];
}
interface MenuFile {
  groups: { default: Json[] };
}

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

const lines = () => checkConfig(copy.root).map(formatProblem);

describe('the seven mistakes check:config used to miss', () => {
  it('refuses a form that drops a field its operation requires (regression: a missing family name passed)', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      delete form.schema.properties.lastname;
      form.schema.required = form.schema.required.filter((field) => field !== 'lastname');
      delete form.schema.errorMessage.required.lastname;
      form.uiSchema['ui:order'] = form.uiSchema['ui:order'].filter((field) => field !== 'lastname');
    });
    expect(lines()).toEqual([
      "schemas/forms/create-user.json#/schema/properties: sends no 'lastname', which the body of createAdmin and createEndUser requires (add a field 'lastname' (and list it in schema.required), map a field onto it in submit.attributes, or name it in submit.supplied when the screen adds it)",
    ]);
  });

  it('refuses an errorMessage keyword no rule of the field uses (regression: maxlength for maxLength passed)', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.schema.properties.firstname = { ...form.schema.properties.firstname, errorMessage: { pattern: 'first name is not in correct format', minLength: 'first name is required', maxlength: 'too long' } };
    });
    expect(lines()).toEqual([
      // The contract's maxLength 16 is written into the field (src/config/check/form-limits.ts): it has no message now.
      "schemas/forms/create-user.json#/schema/properties/firstname/errorMessage: field 'firstname' has no message for its maxLength (from the contract, in the body of createAdmin and createEndUser) (add \"errorMessage\": { \"maxLength\": \"<what the person should do>\" } (or one message for every error))",
      "schemas/forms/create-user.json#/schema/properties/firstname/errorMessage/maxlength: no rule 'maxlength' is on this field, so this message is never shown (write 'maxLength' (keywords are case-sensitive))",
    ]);
  });

  it('refuses a menu item listed twice (regression: a duplicated Users entry passed)', () => {
    copy.editJson<MenuFile>('schemas/menus/wallet.json', (menu) => {
      const users = menu.groups.default.find((item) => item.route === '/wallet/users');
      if (users) menu.groups.default.push({ ...users });
    });
    const at = copy.readJson<MenuFile>('schemas/menus/wallet.json').groups.default.length - 1;
    const first = copy.readJson<MenuFile>('schemas/menus/wallet.json').groups.default.findIndex((item) => item.route === '/wallet/users');
    expect(lines()).toEqual([
      `schemas/menus/wallet.json#/groups/default/${at}/route: '/wallet/users' is listed twice in group 'default' (also at /groups/default/${first}) (keep one of them)`,
    ]);
  });

  it('refuses a menu item that every menu already gets from the shared menu file (it would show twice)', () => {
    copy.editJson<MenuFile>('schemas/menus/wallet.json', (menu) => {
      menu.groups.default.push({ label: 'Audit', route: '/audit', icon: 'audit' });
    });
    const at = copy.readJson<MenuFile>('schemas/menus/wallet.json').groups.default.length - 1;
    expect(lines()).toEqual([
      `schemas/menus/wallet.json#/groups/default/${at}/route: '/audit' is added to every menu's group 'default' by schemas/menus/every-menu.json, so this menu would list it twice (remove it here)`,
    ]);
  });

  it('refuses a renamed table file the screens read by id (regression: admins.json renamed took the app down with a router error)', () => {
    const table = copy.readJson('schemas/tables/admins.json');
    copy.remove('schemas/tables/admins.json');
    copy.writeJson('schemas/tables/staff.json', { ...table, id: 'staff' });
    expect(lines()).toEqual(
      expect.arrayContaining([
        "schemas/tables/admins.json#: is missing, and the app reads table 'admins' (src/config/registry.ts) (restore schemas/tables/admins.json; a renamed file must keep this name, as its id is what the screens ask for)",
      ]),
    );
  });

  it('refuses a missing form file the screens read by id', () => {
    copy.remove('schemas/forms/change-password.json');
    expect(lines()).toEqual([
      "schemas/forms/change-password.json#: is missing, and the app reads form 'change-password' (src/config/registry.ts) (restore schemas/forms/change-password.json; a renamed file must keep this name, as its id is what the screens ask for)",
    ]);
  });

  it('refuses two tenants with one claim (regression: a second tenant with claim dssc passed; the admin tenant is a flag)', () => {
    copy.editJson('tenants/teller.json', (tenant) => {
      tenant.claim = 'dssc';
    });
    expect(lines()).toEqual([
      `tenants/teller.json#/claim: tenant claim 'dssc' is also the claim of tenants/dssc.json (give each tenant its own claim; a copy of the admin tenant's file must change its claim ('dssc' is the admin tenant's))`,
    ]);
  });

  it('refuses a payout operator marked payoutAdmin without its payoutAccount, or on a tenant that pays nothing out', () => {
    copy.editJson('tenants/swift.json', (tenant) => {
      delete tenant.payoutAccount;
    });
    copy.editJson('tenants/smfi.json', (tenant) => {
      tenant.payoutAdmin = true;
      tenant.payoutAccount = '123456789';
    });
    expect(lines()).toEqual([
      "tenants/smfi.json#/type: has a value that is not allowed (a payoutAdmin tenant pays out: its type is payout or payinpayoutservice) (use 'payout' or 'payinpayoutservice')",
      `tenants/swift.json#: missing property 'payoutAccount' (a payoutAdmin tenant is a payout operator, and its payout admins see the payout account it pays from) (add "payoutAccount")`,
    ]);
  });

  it('refuses a main tenant that is not a wallet', () => {
    copy.editJson('tenants/teller.json', (tenant) => {
      tenant.type = 'payin';
    });
    expect(lines()).toEqual(['tenants/teller.json#/type: must be "wallet" (the main tenant (main: true) is the main wallet) (set it to "wallet")']);
  });

  it('refuses an empty column header (regression: a blank header passed)', () => {
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      const email = table.columns.find((column) => column.id === 'email');
      if (email) email.header = ' ';
    });
    const index = copy.readJson<TableFile>('schemas/tables/users.json').columns.findIndex((column) => column.id === 'email');
    expect(lines()).toEqual([
      `schemas/tables/users.json#/columns/${index}/header: is empty (write the column's heading as staff read it, never empty ('#' for row numbers))`,
    ]);
  });

  it('refuses a colour map key the painted field never takes (COMPLETE where the statuses are COMPLETED…)', () => {
    copy.editJson<{ maps: Record<string, { colors: Record<string, string> }> }>('schemas/tables/color-maps.json', (file) => {
      const status = file.maps.transactionStatus;
      if (status) status.colors = { ...status.colors, COMPLETE: 'success' };
    });
    expect(lines()).toEqual([
      "schemas/tables/color-maps.json#/maps/transactionStatus/colors/COMPLETE: 'COMPLETE' is never a value of status in listWalletTransactions rows (schemas/tables/user-transactions.json column 'status' paints with this map) (use 'PENDING', 'PROCESSING', 'FAILED' or 'COMPLETED')",
    ]);
  });

  it('refuses a fixed filter value the operation never takes', () => {
    copy.editJson<{ fixedFilters: Record<string, string> }>('schemas/tables/remittance-payins.json', (table) => {
      table.fixedFilters.direction = 'pay-in';
    });
    expect(lines()).toEqual([
      "schemas/tables/remittance-payins.json#/fixedFilters/direction: filter[direction] of listRemittances is never 'pay-in' (use 'payin' or 'payout')",
    ]);
  });

  it('refuses a blank message anywhere in config, where no meta-schema field guards it', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.schema.properties.firstname = { ...form.schema.properties.firstname, errorMessage: { pattern: ' ', minLength: 'first name is required', maxLength: 'first name is too long 16 character is required!' } };
    });
    copy.editJson<FormFile & { schema: { errorMessage: { required: Record<string, string> } } }>('schemas/forms/currency-new.json', (form) => {
      form.schema.errorMessage.required.name = '';
    });
    expect(lines()).toEqual([
      'schemas/forms/create-user.json#/schema/properties/firstname/errorMessage/pattern: is empty: staff would read nothing here (write the text staff should read, or remove the entry)',
      'schemas/forms/currency-new.json#/schema/errorMessage/required/name: is empty: staff would read nothing here (write the text staff should read, or remove the entry)',
    ]);
  });

  it('refuses a required field with no message for leaving it empty', () => {
    copy.editJson<FormFile & { schema: { errorMessage: { required: Record<string, string> } } }>('schemas/forms/currency-new.json', (form) => {
      delete form.schema.errorMessage.required.symbol;
    });
    expect(lines()).toEqual([
      'schemas/forms/currency-new.json#/schema/required: requires \'symbol\' with no message for leaving it empty (add "errorMessage": { "required": { "symbol": "<what the person should do>" } } beside this required list)',
    ]);
  });

  it('refuses an empty menu label', () => {
    copy.editJson<MenuFile>('schemas/menus/wallet.json', (menu) => {
      const first = menu.groups.default[0];
      if (first) first.label = '';
    });
    expect(lines()).toEqual([
      "schemas/menus/wallet.json#/groups/default/0/label: is empty (write the text staff read, never empty; a tenant's labels[key] may replace it)",
    ]);
  });

  it('refuses a role number that is not a role in a rule (regression: 46 for 64 passed)', () => {
    copy.editJson<TableFile>('schemas/tables/admins.json', (table) => {
      const add = table.toolbarActions[0];
      if (add) add.visible = { and: [{ '==': [{ var: 'role' }, 46] }, { '!': { var: 'isMainTenant' } }] };
    });
    expect(lines()).toEqual([
      'schemas/tables/admins.json#/toolbarActions/0/visible/and/0/==/1: 46 is not a role (use a role: 4 (top admin), 16 (mid admin), 64 (lower admin), 256 (end user))',
    ]);
  });

  it('refuses a role that is not a role in an in-list', () => {
    copy.editJson('schemas/screens/user-details.json', (screen) => {
      (screen.parts as Record<string, Json>).walletBalance = { visible: { '!': { in: [{ var: 'role' }, [4, 46]] } } };
    });
    expect(lines()).toEqual([
      'schemas/screens/user-details.json#/parts/walletBalance/visible/!/in/1/1: 46 is not a role (use a role: 4 (top admin), 16 (mid admin), 64 (lower admin), 256 (end user))',
    ]);
  });
});

describe('a malformed or uncompilable file is reported once, where it is wrong', () => {
  it('names the line and column of a JSON syntax error', () => {
    copy.writeText('tenants/amal.json', '{\n  "id": "amal",\n  "name": "Amal"\n  "type": "payin"\n}\n');
    expect(lines()).toEqual(["tenants/amal.json#: is not valid JSON at line 4, column 3: Expected ',' or '}' after property value (fix the JSON syntax)"]);
  });

  it('says nothing else about what a broken file would hold (regression: every tenant naming the menu was reported too)', () => {
    copy.writeText('schemas/menus/wallet.json', '{ "id": "wallet", }');
    copy.writeText('schemas/tables/color-maps.json', '{');
    expect(lines()).toEqual([
      "schemas/menus/wallet.json#: is not valid JSON at line 1, column 19: Expected double-quoted property name (fix the JSON syntax)",
      "schemas/tables/color-maps.json#: is not valid JSON at line 1, column 2: Expected property name or '}' (fix the JSON syntax)",
    ]);
  });

  it('points a form compile error at the field and keyword, not at /schema (regression: every compile error said /schema)', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.schema.properties.middlename = { ...form.schema.properties.middlename, maxlenght: 16 };
    });
    expect(lines()).toEqual([
      'schemas/forms/create-user.json#/schema/properties/middlename/maxlenght: does not compile into a validator: strict mode: unknown keyword: "maxlenght" (check its spelling (keywords are case-sensitive: maxLength, minLength), or use x-minAgeYears or x-notBeforeToday)',
    ]);
  });

  it('points a bad pattern at its keyword', () => {
    copy.editJson<FormFile>('schemas/forms/login.json', (form) => {
      form.schema.properties.username = { ...form.schema.properties.username, pattern: '([a-z]' };
    });
    expect(lines()).toEqual([
      'schemas/forms/login.json#/schema/properties/username/pattern: does not compile into a validator: Invalid regular expression: /([a-z]/u: Unterminated group (fix the regular expression)',
    ]);
  });
});

describe('a form bound to its operation agrees with the contract', () => {
  it('refuses a field the operation body does not accept', () => {
    copy.editJson<FormFile>('schemas/forms/product.json', (form) => {
      form.schema.properties.colour = { type: 'string', title: 'Colour' };
    });
    expect(lines()).toEqual([
      "schemas/forms/product.json#/schema/properties/colour: field 'colour' is not an attribute of the body of createProduct (use 'title', 'subTitle', 'type' or 'backgroundUrl', map it with submit.attributes.colour, or set that to null when the field is not sent)",
      "schemas/forms/product.json#/schema/properties/colour: field 'colour' is not an attribute of the body of updateProduct (use 'title', 'subTitle' or 'backgroundUrl', map it with submit.attributes.colour, or set that to null when the field is not sent)",
    ]);
  });

  it('accepts a new field once the binding says it is not sent', () => {
    copy.editJson<FormFile & { submit: Json[] }>('schemas/forms/product.json', (form) => {
      form.schema.properties.colour = { type: 'string', title: 'Colour' };
      form.submit = form.submit.map((binding) => ({ ...binding, attributes: { ...(binding.attributes as Json | undefined), colour: null } }));
    });
    expect(lines()).toEqual([]);
  });

  it('refuses a required attribute the form leaves optional', () => {
    copy.editJson<FormFile>('schemas/forms/forget-password.json', (form) => {
      form.schema.required = [];
      form.schema.errorMessage = { required: {} };
    });
    expect(lines()).toEqual([
      "schemas/forms/forget-password.json#/schema/required: leaves 'email' optional, but the body of requestPasswordReset requires 'email' (add 'email' to schema.required, with its message in schema.errorMessage.required)",
    ]);
  });

  it('refuses a type or format that disagrees with the contract', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.schema.properties.phonenumber = { ...form.schema.properties.phonenumber, type: 'integer', pattern: undefined };
      form.schema.properties.email = { ...form.schema.properties.email, format: 'date' };
    });
    expect(lines()).toEqual([
      "schemas/forms/create-user.json#/schema/properties/email/format: field 'email' has format 'date', but 'email' has format 'email' in the body of createAdmin and createEndUser (set \"format\": \"email\")",
      "schemas/forms/create-user.json#/schema/properties/phonenumber/type: field 'phonenumber' is integer, but 'phonenumber' is string in the body of createAdmin and createEndUser (make it \"type\": \"string\" as openapi/gateway.yaml says)",
    ]);
  });

  it('refuses a form limit looser than the contract’s (the name pattern took any script; the gateway took Latin only)', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.schema.properties.firstname = { ...form.schema.properties.firstname, pattern: '^[\\p{L}\\p{M} ]+$' };
      form.schema.properties.lastname = { ...form.schema.properties.lastname, maxLength: 20 };
    });
    expect(lines()).toEqual([
      "schemas/forms/create-user.json#/schema/properties/firstname/pattern: field 'firstname' has pattern \"^[\\\\p{L}\\\\p{M} ]+$\", which lets through what the contract's pattern \"^[ ]*\\\\p{Script=Latin}[\\\\p{Script=Latin}\\\\p{M} ]*$\" refuses in the body of createAdmin and createEndUser (leave \"pattern\" out to take the contract's)",
      "schemas/forms/create-user.json#/schema/properties/lastname/maxLength: field 'lastname' has maxLength 20, which lets through what the contract's maxLength 16 refuses in the body of createAdmin and createEndUser (leave \"maxLength\" out to take the contract's, or make it smaller than 16)",
    ]);
  });

  it('refuses a form limit that repeats the contract’s, so a limit changes in one file', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.schema.properties.firstname = { ...form.schema.properties.firstname, maxLength: 16 };
    });
    expect(lines()).toEqual([
      "schemas/forms/create-user.json#/schema/properties/firstname/maxLength: field 'firstname' repeats the contract's maxLength 16 in the body of createAdmin and createEndUser (leave \"maxLength\" out: the form compiler takes it from openapi/gateway.yaml)",
    ]);
  });

  it('accepts a form limit stricter than the contract’s, and asks for its message', () => {
    copy.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      form.schema.properties.externalid = { ...form.schema.properties.externalid, maxLength: 20, errorMessage: undefined };
    });
    expect(lines()).toEqual([
      "schemas/forms/create-user.json#/schema/properties/externalid/errorMessage: field 'externalid' has no message for its maxLength (add \"errorMessage\": { \"maxLength\": \"<what the person should do>\" } (or one message for every error))",
    ]);
  });

  it('refuses an option the contract’s enum does not allow', () => {
    copy.editJson<FormFile>('schemas/forms/edit-user.json', (form) => {
      form.schema.properties.gender = { ...form.schema.properties.gender, enum: ['Male', 'Female', 'Other'] };
    });
    expect(lines()).toEqual([
      "schemas/forms/edit-user.json#/schema/properties/gender: field 'gender' offers 'Other', which the contract does not allow in the body of updateUser (offer only 'Male' or 'Female')",
    ]);
  });

  it('refuses a binding to an operation that takes no body', () => {
    copy.editJson('schemas/forms/status-change.json', (form) => {
      form.submit = { operationId: 'listUsers' };
    });
    expect(lines()).toEqual([
      // The reason's maxLength came from updateAccountStatus's body; without it the message is for no rule.
      "schemas/forms/status-change.json#/schema/properties/reason/errorMessage/maxLength: no rule 'maxLength' is on this field, so this message is never shown (use a keyword the field has ('type'), or remove the message)",
      'schemas/forms/status-change.json#/submit/operationId: listUsers takes no request body (name the operation the form submits, or write "submit": { "none": "<why>" })',
    ]);
  });
});

describe('actions name a flow the code runs for that table', () => {
  it('refuses an unknown flow, naming the known ones', () => {
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      const view = table.rowActions[0];
      if (view) view.flow = 'openUsr';
    });
    expect(lines()).toEqual([expect.stringMatching(/^schemas\/tables\/users\.json#\/rowActions\/0\/flow: 'openUsr' is not a flow the code registers in src\/config\/registry\.ts \(FLOWS\) \(use 'openUser', .*\)$/)]);
  });

  it('refuses a flow the table’s screen does not run', () => {
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      table.rowActions.push({ id: 'analyse', label: 'Analyse Request', flow: 'swiftStatus' });
    });
    expect(lines()).toEqual([
      "schemas/tables/users.json#/rowActions/1/flow: the screen of table 'users' does not run flow 'swiftStatus' (Analyse Request: the swift status check and its branches (remittances-and-payouts §4)) (use 'openUser')",
    ]);
  });

  it('refuses a toolbar flow on a row', () => {
    copy.editJson<TableFile>('schemas/tables/admins.json', (table) => {
      table.rowActions.push({ id: 'add', label: 'Add', flow: 'createUser' });
    });
    expect(lines()).toEqual(["schemas/tables/admins.json#/rowActions/1/flow: 'createUser' is a toolbar flow, not a row flow (use 'openUser')"]);
  });

  it('refuses a screen file no screen draws', () => {
    copy.writeJson('schemas/screens/fees.json', { $schema: '../meta/screen.schema.json', id: 'fees', parts: { delete: { visible: true } } });
    expect(lines()).toEqual([
      "schemas/screens/fees.json#: no screen draws parts of 'fees' (use 'user-details', 'wallet-transactions', 'remittances' or 'payout-account', or register the screen's parts in src/config/registry.ts (SCREEN_PARTS))",
    ]);
  });
});
