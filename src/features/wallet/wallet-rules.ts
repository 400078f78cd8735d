// Who sees what of the wallet (users-and-wallets §6): rules in schemas/screens/ over the RuleContext. The balance widget
// follows the user details' walletBalance part, the PDF export the wallet transactions' pdfExport part; the row rules of
// the transaction tables (the OTP action) are in schemas/tables/.
import type { RuleContext } from '../../config/rules';
import { screenShows } from '../../config/screens';
import type { ConfigSet } from '../../config/types';

export type WalletPart = 'walletBalance' | 'pdfExport';

export function walletShows(part: WalletPart, ctx: RuleContext, set: ConfigSet): boolean {
  return part === 'walletBalance' ? screenShows(set, 'user-details', ctx).walletBalance : screenShows(set, 'wallet-transactions', ctx).pdfExport;
}
