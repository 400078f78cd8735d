// What the user details show, as json-logic rules over the RuleContext (users-and-wallets §2 and §6), evaluated with
// evaluateRule like every rule in schemas/. Kept here until config has a file kind for screens (see README).
import { evaluateRule, type Rule, type RuleContext } from '../../../config/rules';

const notPayin: Rule = { '!=': [{ var: 'tenantType' }, 'payin'] };

export const USER_PANEL_RULES = {
  /** §2: the Transactions tab is hidden for the payin tenant type. */
  transactionsTab: notPayin,
  /** §2: edit mode and save are hidden for the payin tenant type. */
  edit: notPayin,
  /** §2: uploads are hidden for the payin tenant type. */
  uploadDocuments: notPayin,
  /** §2: the status dropdown is hidden on the own profile and when opened from a transactions screen. */
  statusDropdown: {
    and: [{ '!': { var: 'ownProfile' } }, { '!': { in: [{ var: 'openedFrom' }, ['transactions', 'adminTransactions']] } }],
  },
  /** §2: the top-up service dropdown is hidden on the own profile, for a new user and from the admin transactions source. */
  topUpServices: {
    and: [{ '!': { var: 'ownProfile' } }, { '!': { var: 'newRecord' } }, { '!=': [{ var: 'openedFrom' }, 'adminTransactions'] }],
  },
  /** §2, §6: Change Password shows only on the own profile. */
  changePassword: { '==': [{ var: 'ownProfile' }, true] },
  /** §2, §6: the wallet balance widget is hidden for roles 4 and 64. */
  walletBalance: { '!': { in: [{ var: 'role' }, [4, 64]] } },
  /** The audit trail is read by role 4 only (the gateway's listAuditEvents). */
  history: { '==': [{ var: 'role' }, 4] },
} as const satisfies Record<string, Rule>;

export type UserPanelPart = keyof typeof USER_PANEL_RULES;

export type UserPanelView = Record<UserPanelPart, boolean>;

/** Every part of the panel, shown or not, for one context. */
export function userPanelView(ctx: RuleContext, rules: Record<UserPanelPart, Rule> = USER_PANEL_RULES): UserPanelView {
  const view = {} as UserPanelView;
  for (const part of Object.keys(rules) as UserPanelPart[]) view[part] = evaluateRule(rules[part], ctx);
  return view;
}
