import { describe, expect, it } from 'vitest';
import { config } from '../../../config';
import { ruleContext, type RuleContext } from '../../../config/rules';
import type { ConfigSet } from '../../../config/types';
import { USER_PANEL_PARTS, userPanelView } from './panel-rules';

const wallet = (known: Partial<RuleContext> = {}) =>
  userPanelView(config, ruleContext({ role: 4, roles: [4], tenant: 'guulpay', tenantType: 'wallet', openedFrom: 'users', ...known }));

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

  it('[UW-6.20] the current user may upload their own documents and change their own password', () => {
    expect(wallet({ ownProfile: true })).toMatchObject({ uploadDocuments: true, changePassword: true });
    expect(wallet({ ownProfile: true, role: 64 })).toMatchObject({ uploadDocuments: true, changePassword: true });
    expect(wallet({ ownProfile: false }).changePassword).toBe(false);
  });

  it('reads every part from schemas/screens/user-details.json: an edited rule changes the panel', () => {
    const screen = config.screens['user-details'];
    if (!screen) throw new Error('schemas/screens/user-details.json is not bundled');
    const edited: ConfigSet = { ...config, screens: { 'user-details': { ...screen, parts: { ...screen.parts, changePassword: { visible: true } } } } };
    const ctx = ruleContext({ role: 4, roles: [4], tenantType: 'wallet' });
    expect(userPanelView(config, ctx).changePassword).toBe(false);
    expect(userPanelView(edited, ctx).changePassword).toBe(true);
    expect(Object.keys(userPanelView(config, ctx)).sort()).toEqual([...USER_PANEL_PARTS].sort());
  });

  it('says which file is missing when the screen file is not there', () => {
    expect(() => userPanelView({ ...config, screens: {} }, ruleContext({}))).toThrow('schemas/screens/user-details.json');
  });
});
