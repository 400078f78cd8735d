// The users feature's public face: screens for the shell, the details for other screens (a transactions screen opens
// them with openedFrom), and the slots other parts fill.
export { UsersScreen, AdminsScreen, UserScreen, ProfileScreen } from './screens';
export { UsersListScreen, type UsersListScreenProps } from './list/UsersListScreen';
export { UserDetails, type UserDetailsProps } from './details/UserDetails';
export { UserInformationPanel, USER_PANEL_TITLE } from './details/UserInformationPanel';
export { registerUserSlots, type UserSlots, type UserSlotProps } from './slots';
export type { UserRecord, UserService } from './user-record';
