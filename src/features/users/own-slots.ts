// The slots the users feature fills itself: the create-user wizard (./create) and documents and photo (./documents).
// The wallet's slots are connected by the app (features do not import each other): see README.md.
import { CreateUserWizard } from './create';
import { UserAvatarSlot, UserDocumentsSlot } from './documents';
import { registerUserSlots } from './slots';

registerUserSlots({ createUser: CreateUserWizard, documents: UserDocumentsSlot, avatar: UserAvatarSlot });
