import { describe, expect, it } from 'vitest';
import roleGroups from '../../schemas/menus/role-groups.json';
import createUser from '../../schemas/forms/create-user.json';
import editUser from '../../schemas/forms/edit-user.json';
import walletTransactions from '../../schemas/tables/wallet-transactions.json';
import admins from '../../schemas/tables/admins.json';
import identityAdmin from '../../schemas/menus/identity-admin.json';
import { menuGroupFor } from './catalogue.ts';
import { EMPTY_RULE_CONTEXT, RULE_CONTEXT_KEYS, comparedLiterals, evaluateRule, ruleContext, ruleReferences } from './rules.ts';
import type { Rule } from './rules.ts';
import type { RoleGroups } from './types.ts';

const groups = roleGroups as RoleGroups;

describe('evaluateRule', () => {
  it('allows when there is no rule, and takes true and false literally', () => {
    expect(evaluateRule(undefined, EMPTY_RULE_CONTEXT)).toBe(true);
    expect(evaluateRule(true, EMPTY_RULE_CONTEXT)).toBe(true);
    expect(evaluateRule(false, EMPTY_RULE_CONTEXT)).toBe(false);
  });

  it('follows json-logic truthiness: an empty list is false', () => {
    const rule: Rule = { var: 'roles' };
    expect(evaluateRule(rule, ruleContext({ roles: [] }))).toBe(false);
    expect(evaluateRule(rule, ruleContext({ roles: [64] }))).toBe(true);
  });

  it('[IC-2.86] gives account roles 4 and 64 the default (privileged) menu group', () => {
    expect(menuGroupFor(groups, ruleContext({ role: 4 }))).toBe('default');
    expect(menuGroupFor(groups, ruleContext({ role: 64 }))).toBe('default');
  });

  it('[IC-2.87] gives every other role the Admins (teller) menu group', () => {
    expect(menuGroupFor(groups, ruleContext({ role: 16 }))).toBe('Admins');
    expect(menuGroupFor(groups, ruleContext({ role: 256 }))).toBe('Admins');
    expect(menuGroupFor(groups, ruleContext({ role: null }))).toBe('Admins');
  });

  it('[UW-6.14] shows Add user only to role 64 outside the main tenant', () => {
    const addUser = admins.toolbarActions[0]?.visible as Rule;
    expect(evaluateRule(addUser, ruleContext({ role: 64, tenant: 'naccug', isMainTenant: false }))).toBe(true);
    expect(evaluateRule(addUser, ruleContext({ role: 64, tenant: 'teller', isMainTenant: true }))).toBe(false);
    expect(evaluateRule(addUser, ruleContext({ role: 4, tenant: 'naccug', isMainTenant: false }))).toBe(false);
  });

  it('[UW-6.15] shows the Credit Union group only in the main or the credit-union tenant (tenant id and flag)', () => {
    const visible = createUser.rules.group.visible as Rule;
    expect(evaluateRule(visible, ruleContext({ tenant: 'naccug', tenantType: 'wallet' }))).toBe(true);
    expect(evaluateRule(visible, ruleContext({ tenant: 'teller', tenantType: 'wallet', isMainTenant: true }))).toBe(true);
    expect(evaluateRule(visible, ruleContext({ tenant: 'guulpay', tenantType: 'wallet' }))).toBe(false);
  });

  it('[UW-6.16] [UW-6.18] keeps group and role editable only for a new record', () => {
    const roleDisabled = editUser.rules.role.disabled as Rule;
    const groupDisabled = editUser.rules.group.disabled as Rule;
    expect(evaluateRule(roleDisabled, ruleContext({ role: 4, newRecord: false }))).toBe(true);
    expect(evaluateRule(roleDisabled, ruleContext({ role: 4, newRecord: true }))).toBe(false);
    expect(evaluateRule(groupDisabled, ruleContext({ role: 4, newRecord: false }))).toBe(true);
    expect(evaluateRule(groupDisabled, ruleContext({ role: 4, newRecord: true }))).toBe(false);
  });

  it('[UW-6.04] [UW-6.05] [UW-6.06] [UW-6.08] offers the create-user roles by the creator role and where it was opened from', () => {
    const options = createUser.rules.role.options as Record<string, Rule>;
    const offered = (known: Parameters<typeof ruleContext>[0]) =>
      Object.keys(options).filter((value) => evaluateRule(options[value], ruleContext(known)));
    expect(offered({ role: 4 })).toEqual(['4', '16', '64']);
    expect(offered({ role: 16 })).toEqual(['16', '64']);
    expect(offered({ role: 64 })).toEqual(['64']);
    expect(offered({ role: 4, openedFrom: 'users' })).toEqual(['256']);
  });

  it('hides the wallet Actions column and the OTP action from payout admins', () => {
    const actionsColumn = walletTransactions.columns.find((column) => column.id === 'actions')?.visible as Rule;
    const otp = walletTransactions.rowActions[0];
    expect(evaluateRule(actionsColumn, ruleContext({ payoutAdmin: true }))).toBe(false);
    expect(evaluateRule(actionsColumn, ruleContext({ payoutAdmin: false }))).toBe(true);
    expect(evaluateRule(otp?.visible as Rule, ruleContext({ payoutAdmin: true }))).toBe(false);
  });

  it('offers OTP only on a PENDING row whose service is not Request Money (row rule)', () => {
    const row = walletTransactions.rowActions[0]?.visibleForRow as Rule;
    expect(evaluateRule(row, { status: 'PENDING', serviceName: 'Cash Out' })).toBe(true);
    expect(evaluateRule(row, { status: 'PENDING', serviceName: 'Request Money' })).toBe(false);
    expect(evaluateRule(row, { status: 'COMPLETED', serviceName: 'Cash Out' })).toBe(false);
  });

  it('[IC-2.71] takes the identity admin menu on /admin/ paths for users of the admin tenant only', () => {
    const activeWhen = identityAdmin.activeWhen as Rule;
    expect(evaluateRule(activeWhen, ruleContext({ isAdminTenant: true, path: '/admin/tenants' }))).toBe(true);
    expect(evaluateRule(activeWhen, ruleContext({ isAdminTenant: true, path: '/wallet/users' }))).toBe(false);
    expect(evaluateRule(activeWhen, ruleContext({ isAdminTenant: false, path: '/admin/tenants' }))).toBe(false);
  });

  it('decides on tenant type, own profile, new record and where a screen was opened from', () => {
    const payin: Rule = { '==': [{ var: 'tenantType' }, 'payin'] };
    expect(evaluateRule(payin, ruleContext({ tenantType: 'payin' }))).toBe(true);
    expect(evaluateRule(payin, ruleContext({ tenantType: 'wallet' }))).toBe(false);

    // users-and-wallets §2: the status dropdown is hidden on the own profile and when opened from transactions.
    const statusDropdown: Rule = { and: [{ '!': { var: 'ownProfile' } }, { '!': { in: [{ var: 'openedFrom' }, ['transactions', 'adminTransactions']] } }] };
    expect(evaluateRule(statusDropdown, ruleContext({ openedFrom: 'users' }))).toBe(true);
    expect(evaluateRule(statusDropdown, ruleContext({ ownProfile: true }))).toBe(false);
    expect(evaluateRule(statusDropdown, ruleContext({ openedFrom: 'transactions' }))).toBe(false);

    // users-and-wallets §2: the top-up service dropdown is hidden for a new user.
    const topUp: Rule = { '!': { var: 'newRecord' } };
    expect(evaluateRule(topUp, ruleContext({ newRecord: true }))).toBe(false);
    expect(evaluateRule(topUp, ruleContext({ newRecord: false }))).toBe(true);
  });
});

describe('ruleReferences', () => {
  it('lists the context variables a rule reads, with their pointers', () => {
    const rule = { and: [{ var: 'isAdminTenant' }, { '==': [{ substr: [{ var: ['path', '/'] }, 0, 7] }, '/admin/'] }] };
    expect(ruleReferences(rule)).toEqual([
      { pointer: '/and/0/var', kind: 'variable', name: 'isAdminTenant' },
      { pointer: '/and/1/==/0/substr/0/var/0', kind: 'variable', name: 'path' },
    ]);
  });

  it('reports unknown operations, and ignores element variables inside some/all/map', () => {
    const rule = { or: [{ some: [{ var: 'roles' }, { '==': [{ var: '' }, 4] }] }, { startsWith: [{ var: 'path' }, '/a'] }] };
    expect(ruleReferences(rule)).toEqual([
      { pointer: '/or/0/some/0/var', kind: 'variable', name: 'roles' },
      { pointer: '/or/1', kind: 'operator', name: 'startsWith' },
    ]);
  });

  it('lists every RuleContext key once', () => {
    expect([...RULE_CONTEXT_KEYS].sort()).toEqual(Object.keys(EMPTY_RULE_CONTEXT).sort());
  });
});

describe('comparedLiterals', () => {
  it('lists the literal on either side of a comparison, each value of an in-list, and a literal looked for inside a variable', () => {
    const rule = {
      and: [
        { '==': [{ var: 'status' }, 'PENDING'] },
        { '!==': ['payin', { var: 'tenantType' }] },
        { '!': { in: [{ var: 'openedFrom' }, ['transactions', 'adminTransactions']] } },
        { in: [64, { var: 'roles' }] },
      ],
    };
    expect(comparedLiterals(rule)).toEqual([
      { pointer: '/and/0/==/1', variable: 'status', value: 'PENDING', inside: false },
      { pointer: '/and/1/!==/0', variable: 'tenantType', value: 'payin', inside: false },
      { pointer: '/and/2/!/in/1/0', variable: 'openedFrom', value: 'transactions', inside: false },
      { pointer: '/and/2/!/in/1/1', variable: 'openedFrom', value: 'adminTransactions', inside: false },
      { pointer: '/and/3/in/0', variable: 'roles', value: 64, inside: true },
    ]);
  });

  it('leaves out what is not a variable against a literal: two variables, a computed side, an ordering', () => {
    const rule = { or: [{ '==': [{ var: 'role' }, { var: 'roles' }] }, { '==': [{ substr: [{ var: 'path' }, 0, 7] }, '/admin/'] }, { '>': [{ var: 'role' }, 4] }] };
    expect(comparedLiterals(rule)).toEqual([]);
  });
});
