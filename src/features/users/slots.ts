// Places in the users screens that other parts of the app fill: the create-user wizard (src/features/users/create/),
// documents (src/features/users/documents/) and the wallet widgets, top-up modal and transactions (src/features/wallet/).
// The app provides them through UserSlotsContext (./manifest.ts exports it as the users' slots) as the manifests fill
// them (./manifest.ts, ../wallet/manifest.ts); tests provide their own. An empty slot draws nothing.
import { createContext, useContext, type ComponentType } from 'react';
import type { RuleContext } from '../../config/rules';
import type { UserRecord, UserService } from './user-record';

export type OpenedFrom = RuleContext['openedFrom'];

export interface UserSlotProps {
  user: UserRecord;
  /** The rule context of the details (ownProfile, openedFrom, newRecord set). */
  context: RuleContext;
  /** Refetches the user, the lists and the history (e.g. after a top-up or an upload). */
  onChanged: () => void;
}

export interface UserSlots {
  /** The 'Upload Documents' button and the attachment card; `canUpload` follows the panel's uploadDocuments rule. */
  documents?: ComponentType<UserSlotProps & { canUpload: boolean }>;
  /** The user's photo with its upload (documents' AvatarUpload); a plain avatar when empty. */
  avatar?: ComponentType<UserSlotProps>;
  /** The wallet balance widget; drawn where the panel's walletBalance rule holds. */
  walletBalance?: ComponentType<UserSlotProps>;
  /** The Top-up / Cash Out / Cash In Loan modal for the service chosen in the top-up service dropdown. */
  topUp?: ComponentType<UserSlotProps & { service: UserService; onClose: () => void }>;
  /** The Transactions tab's content. */
  transactions?: ComponentType<UserSlotProps>;
  /** The create-user wizard, opened by a list's 'Add user' toolbar action. */
  createUser?: ComponentType<{ opened: boolean; onClose: () => void; audience: 'admin' | 'endUser'; onCreated: (userId: string) => void }>;
}

/** `<UserSlotsContext value={slots}>` around the users screens. */
export const UserSlotsContext = createContext<UserSlots>({});

export function useUserSlots(): UserSlots {
  return useContext(UserSlotsContext);
}
