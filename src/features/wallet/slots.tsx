// The wallet's parts that other screens draw, and the parts of other features the wallet screens draw, as slots the
// app provides (features do not import each other; src/app/feature-slots.tsx):
//   walletUserSlots                              in the users' slots: balance, top-up, transactions of the details
//   <WalletSlotsContext value={{ userDetails }}> the transactions screen: a row opens the user
// Each wallet slot loads its code on first use, so the users screens do not carry the top-up flow until it opens.
import { Suspense, createContext, useContext, type ComponentType } from 'react';
import type { RuleContext } from '../../config/rules';
import type { TopUpService } from './top-up/TopUpActions';
import { lazyLoaded } from '../../lib/load-again';

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

const LazyBalance = lazyLoaded(() => import('./balance/WalletBalance').then((module) => ({ default: module.WalletBalance })));
const LazyTopUp = lazyLoaded(() => import('./top-up/TopUpSlot').then((module) => ({ default: module.TopUpSlot })));
const LazyTransactions = lazyLoaded(() => import('./transactions/UserTransactions').then((module) => ({ default: module.UserTransactions })));

export const walletUserSlots = {
  walletBalance: ({ user, context }: WalletSlotProps) => (
    <Suspense fallback={null}>
      <LazyBalance user={user} context={context} />
    </Suspense>
  ),
  topUp: (props: WalletSlotProps & { service: TopUpService; onClose: () => void }) => (
    <Suspense fallback={null}>
      <LazyTopUp {...props} />
    </Suspense>
  ),
  transactions: ({ user, context, onChanged }: WalletSlotProps) => (
    <Suspense fallback={null}>
      <LazyTransactions userId={user.id} context={context} onChanged={onChanged} />
    </Suspense>
  ),
};

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
