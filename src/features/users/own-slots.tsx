// The users feature's own parts of its screens: the create-user wizard (./create) and documents and photo
// (./documents). The app provides them in the users' slots with the wallet's (src/app/feature-slots.tsx); each loads
// its code on first use, so the shell's chunk carries none of them.
import { Suspense } from 'react';
import type { UserSlots } from './slots';
import { lazyLoaded } from '../../lib/load-again';

const CreateUserWizard = lazyLoaded(() => import('./create').then((module) => ({ default: module.CreateUserWizard })));
const UserDocumentsSlot = lazyLoaded(() => import('./documents').then((module) => ({ default: module.UserDocumentsSlot })));
const UserAvatarSlot = lazyLoaded(() => import('./documents').then((module) => ({ default: module.UserAvatarSlot })));

export const usersOwnSlots = {
  createUser: (props) => (
    <Suspense fallback={null}>
      <CreateUserWizard {...props} />
    </Suspense>
  ),
  documents: (props) => (
    <Suspense fallback={null}>
      <UserDocumentsSlot {...props} />
    </Suspense>
  ),
  avatar: (props) => (
    <Suspense fallback={null}>
      <UserAvatarSlot {...props} />
    </Suspense>
  ),
} satisfies UserSlots;
