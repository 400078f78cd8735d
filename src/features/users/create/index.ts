// The Create User wizard (users-and-wallets §2, §4): what the users and admins lists place.
export { CreateUserWizard } from './CreateUserWizard';
