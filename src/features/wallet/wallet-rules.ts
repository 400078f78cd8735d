// Who sees what of the wallet, as json-logic rules over the RuleContext (users-and-wallets §6), evaluated with
// evaluateRule like every rule in schemas/. Kept here until config has a file kind for widgets and screens; the row
// rules of the transaction tables (the OTP action) are in schemas/tables/.
import { evaluateRule, type Rule, type RuleContext } from '../../config/rules';

export const WALLET_RULES = {
  /** users-and-wallets §2, §6: the wallet balance widget is hidden for roles 4 and 64. */
  walletBalance: { '!': { in: [{ var: 'role' }, [4, 64]] } },
  /**
   * users-and-wallets §6: the PDF export is offered for wallet-type tenants or when no tenant is picked. The top admin
   * who has picked none works in the admin tenant's own (identity) context, so that counts as "none picked".
   */
  pdfExport: {
    or: [
      { '==': [{ var: 'tenantType' }, 'wallet'] },
      { '==': [{ var: 'tenant' }, null] },
      { and: [{ var: 'isAdminTenant' }, { '==': [{ var: 'tenantType' }, 'identity'] }] },
    ],
  },
} as const satisfies Record<string, Rule>;

export type WalletPart = keyof typeof WALLET_RULES;

export function walletShows(part: WalletPart, ctx: RuleContext): boolean {
  return evaluateRule(WALLET_RULES[part], ctx);
}
