// Who sees what of the wallet (users-and-wallets §6): rules in schemas/screens/ over the RuleContext. The balance widget
// follows the user details' walletBalance part, the PDF export the wallet transactions' pdfExport part; the row rules of
// the transaction tables (the OTP action) are in schemas/tables/.
import type { RuleContext } from '../../config/rules';
import { screenView } from '../../config/screens';
import type { ConfigSet } from '../../config/types';

const WALLET_PARTS = {
  walletBalance: { screen: 'user-details', part: 'walletBalance' },
  pdfExport: { screen: 'wallet-transactions', part: 'pdfExport' },
} as const;

export type WalletPart = keyof typeof WALLET_PARTS;

export function walletShows(part: WalletPart, ctx: RuleContext, set: ConfigSet): boolean {
  const { screen: id, part: name } = WALLET_PARTS[part];
  const screen = set.screens[id];
  if (!screen) throw new Error(`The wallet needs schemas/screens/${id}.json; restore it or run npm run check:config`);
  return screenView(screen, [name], ctx)[name];
}
