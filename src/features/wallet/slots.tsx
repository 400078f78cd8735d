// The wallet's side of the slots (features do not import each other; the app provides them as the manifests fill them,
// ./manifest.ts): the props the wallet's parts in the users' slots take (the balance, top-up and transactions of a
// user's details), and the wallet screens' own slot, filled by the users feature:
//   <WalletSlotsContext value={{ userDetails }}> the transactions screen: a row opens the user
import { createContext, useContext, type ComponentType } from 'react';
import type { RuleContext } from '../../config/rules';
import type { TopUpService } from './top-up/TopUpActions';

/** The user as the users screens hand it to a slot (structurally their UserRecord). */
export interface WalletSlotUser {
  id: string;
  wallet?: { currency?: string | null; balance?: string | null } | null;
  services?: readonly TopUpService[] | null;
}

export interface WalletSlotProps {
  user: WalletSlotUser;
  context: RuleContext;
  /** Refetches the user and the users lists. */
  onChanged: () => void;
}

export interface UserDetailsSlotProps {
  /** The user shown; null closes the details. */
  userId: string | null;
  onClose: () => void;
  /** users-and-wallets §2: details opened from a transactions screen hide the status dropdown. */
  openedFrom: 'transactions';
}

export interface WalletSlots {
  /** The users feature's 'User Information' panel. */
  userDetails?: ComponentType<UserDetailsSlotProps>;
}

/** `<WalletSlotsContext value={slots}>` around the wallet screens. */
export const WalletSlotsContext = createContext<WalletSlots>({});

export function useWalletSlots(): WalletSlots {
  return useContext(WalletSlotsContext);
}
