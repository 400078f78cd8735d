// Documents and images of a user (users-and-wallets §2, §5): what the users screens place.
export { UserAvatarSlot, UserDocumentsSlot } from './UserDocumentsSlot';
