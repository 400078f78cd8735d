// The parts of the user details and own profile whose showing is config (users-and-wallets §2 and §6): one rule per part
// in schemas/screens/user-details.json, over the RuleContext.
import { screenParts, type ScreenPart } from '../../../config/registry';
import type { RuleContext } from '../../../config/rules';
import { screenShows, type ScreenView } from '../../../config/screens';
import type { ConfigSet } from '../../../config/types';

export const USER_PANEL_PARTS = screenParts('user-details');

export type UserPanelView = ScreenView<ScreenPart<'user-details'>>;

/** Every part of the panel, shown or not, for one context. */
export function userPanelView(set: ConfigSet, ctx: RuleContext): UserPanelView {
  return screenShows(set, 'user-details', ctx);
}
