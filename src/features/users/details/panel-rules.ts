// The parts of the user details and own profile whose showing is config (users-and-wallets §2 and §6): one rule per part
// in schemas/screens/user-details.json, over the RuleContext.
import type { RuleContext } from '../../../config/rules';
import { screenView, type ScreenView } from '../../../config/screens';
import type { ConfigSet } from '../../../config/types';

export const USER_DETAILS_SCREEN = 'user-details';

export const USER_PANEL_PARTS = [
  'transactionsTab',
  'edit',
  'uploadDocuments',
  'statusDropdown',
  'topUpServices',
  'changePassword',
  'walletBalance',
  'history',
] as const;

export type UserPanelPart = (typeof USER_PANEL_PARTS)[number];

export type UserPanelView = ScreenView<UserPanelPart>;

/** Every part of the panel, shown or not, for one context. */
export function userPanelView(set: ConfigSet, ctx: RuleContext): UserPanelView {
  const screen = set.screens[USER_DETAILS_SCREEN];
  if (!screen) throw new Error(`The user details need schemas/screens/${USER_DETAILS_SCREEN}.json; restore it or run npm run check:config`);
  return screenView(screen, USER_PANEL_PARTS, ctx);
}
