// Who sees what of the remittances (remittances-and-payouts §6): rules in schemas/screens/ over the RuleContext. The
// header's Available Balance, bulk and selected actions follow the remittances screen's parts, the payout account card
// the payout-account screen's; the row actions follow the rows' own actions (schemas/tables/remittances.json).
import type { ScreenPart } from '../../config/registry';
import type { RuleContext } from '../../config/rules';
import { screenShows, type ScreenView } from '../../config/screens';
import type { ConfigSet } from '../../config/types';

export type RemittancePart = ScreenPart<'remittances'>;

export function remittancesView(ctx: RuleContext, set: ConfigSet): ScreenView<RemittancePart> {
  return screenShows(set, 'remittances', ctx);
}

export function showsPayoutAccount(ctx: RuleContext, set: ConfigSet): boolean {
  return screenShows(set, 'payout-account', ctx).card;
}

/** What a click on a row does (§2): the first ticks it; the next opens its details, unless it is reprocessable, whose
 * clicks keep ticking it on and off for reprocessing (the spec's "unless" gives no other reading of the second click). */
export type RowClick = 'select' | 'deselect' | 'open';

export function rowClick(selected: boolean, reprocessable: boolean): RowClick {
  if (!selected) return 'select';
  return reprocessable ? 'deselect' : 'open';
}
