// The wallet feature's public face: the transactions screen for the shell, the widgets the users details place
// (balance, top-up, a user's transactions), and the slots the app connects (see slots.tsx).
export { walletUserSlots, registerWalletSlots, type WalletSlots, type WalletSlotProps, type UserDetailsSlotProps } from './slots';
export { WalletBalance, type WalletBalanceProps } from './balance/WalletBalance';
export { TopUpActions, type TopUpActionsProps } from './top-up/TopUpActions';
export { TopUpModal, type TopUpModalProps } from './top-up/TopUpModal';
export { TopUpSlot } from './top-up/TopUpSlot';
export { UserTransactions, type UserTransactionsProps } from './transactions/UserTransactions';
export { WALLET_RULES, walletShows } from './wallet-rules';
