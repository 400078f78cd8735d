// Features do not import each other (docs/architecture.md, layout): the app fills the places one feature draws inside another's screens
// and gives each feature its slots through its context. Every slot loads its code on first use, so the shell's chunk
// carries no feature.
import { Suspense, type ReactNode } from 'react';
import { usersOwnSlots } from '../features/users/own-slots';
import { UserSlotsContext, type UserSlots } from '../features/users/slots';
import { WalletSlotsContext, walletUserSlots, type UserDetailsSlotProps, type WalletSlots } from '../features/wallet';
import { lazyLoaded } from '../lib/load-again';

const UserInformationPanel = lazyLoaded(() => import('../features/users/details/UserInformationPanel').then((module) => ({ default: module.UserInformationPanel })));

/** The users screens: their own wizard, documents and photo; the wallet's balance, top-up and transactions. */
const userSlots: UserSlots = { ...usersOwnSlots, ...walletUserSlots };

/** The wallet screens: a transaction's row opens the users' 'User Information' panel. */
const walletSlots: WalletSlots = {
  userDetails: (props: UserDetailsSlotProps) => (
    <Suspense fallback={null}>
      <UserInformationPanel {...props} />
    </Suspense>
  ),
};

export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <UserSlotsContext value={userSlots}>
      <WalletSlotsContext value={walletSlots}>{children}</WalletSlotsContext>
    </UserSlotsContext>
  );
}
