import { describe, expect, it } from 'vitest';
import { RULE_CONTEXT_KEYS, ruleContext, ruleReferences, type RuleContext } from '../../../config/rules';
import { USER_PANEL_RULES, userPanelView } from './panel-rules';

const wallet = (known: Partial<RuleContext> = {}) =>
  userPanelView(ruleContext({ role: 4, roles: [4], tenant: 'guulpay', tenantType: 'wallet', openedFrom: 'users', ...known }));

describe('user details hiding rules (users-and-wallets §2, §6)', () => {
  it('shows everything an admin may use on another user of a wallet tenant', () => {
    expect(wallet()).toMatchObject({ transactionsTab: true, edit: true, uploadDocuments: true, statusDropdown: true, topUpServices: true, changePassword: false });
  });

  it('[UW-2.35] hides the Transactions tab for the payin tenant type', () => {
    expect(wallet({ tenantType: 'payin' }).transactionsTab).toBe(false);
  });

  it('[UW-2.36] hides edit mode, save and uploads for the payin tenant type', () => {
    expect(wallet({ tenantType: 'payin' })).toMatchObject({ edit: false, uploadDocuments: false });
    expect(wallet({ tenantType: 'payout' })).toMatchObject({ edit: true, uploadDocuments: true });
  });

  it('[UW-2.38] hides the status dropdown on the own profile', () => {
    expect(wallet({ ownProfile: true }).statusDropdown).toBe(false);
  });

  it('[UW-2.39] hides the status dropdown when opened from a transactions screen', () => {
    expect(wallet({ openedFrom: 'transactions' }).statusDropdown).toBe(false);
    expect(wallet({ openedFrom: 'adminTransactions' }).statusDropdown).toBe(false);
    expect(wallet({ openedFrom: null }).statusDropdown).toBe(true);
  });

  it('[UW-2.41] [UW-2.42] [UW-2.43] hides the top-up service dropdown on the own profile, for a new user, from admin transactions', () => {
    expect(wallet({ ownProfile: true }).topUpServices).toBe(false);
    expect(wallet({ newRecord: true }).topUpServices).toBe(false);
    expect(wallet({ openedFrom: 'adminTransactions' }).topUpServices).toBe(false);
    expect(wallet({ openedFrom: 'transactions' }).topUpServices).toBe(true);
  });

  it('[UW-2.45] shows Change Password only on the own profile', () => {
    expect(wallet({ ownProfile: true }).changePassword).toBe(true);
    expect(wallet().changePassword).toBe(false);
  });

  it('[UW-6.19] hides the wallet balance widget for roles 4 and 64', () => {
    expect(wallet({ role: 4 }).walletBalance).toBe(false);
    expect(wallet({ role: 64 }).walletBalance).toBe(false);
    expect(wallet({ role: 16 }).walletBalance).toBe(true);
  });

  it('names only RuleContext keys, as config rules must', () => {
    for (const rule of Object.values(USER_PANEL_RULES)) {
      for (const reference of ruleReferences(rule)) {
        expect(reference.kind).toBe('variable');
        expect(RULE_CONTEXT_KEYS).toContain(reference.name);
      }
    }
  });
});
