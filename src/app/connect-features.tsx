// Features do not import each other (STYLE §1): the app connects the parts one feature draws inside another's screens.
// Both sides load lazily, so the shell's chunk carries neither feature.
import { Suspense, lazy, type ComponentProps } from 'react';
import { registerUserSlots } from '../features/users/slots';
import { registerWalletSlots, walletUserSlots } from '../features/wallet';

const UserInformationPanel = lazy(() => import('../features/users/details/UserInformationPanel').then((module) => ({ default: module.UserInformationPanel })));

registerUserSlots(walletUserSlots);
registerWalletSlots({
  userDetails: (props: ComponentProps<typeof UserInformationPanel>) => (
    <Suspense fallback={null}>
      <UserInformationPanel {...props} />
    </Suspense>
  ),
});
