// The wallet feature's public face for the app: the slots it connects (slots.tsx). The slot components load their
// code on first use, so importing this keeps the top-up flow and the tables out of the shell's chunk; the components
// themselves are in balance/, top-up/ and transactions/ (README.md), and the screen is loaded by src/app/screens.tsx.
export { walletUserSlots, WalletSlotsContext, type WalletSlots, type UserDetailsSlotProps } from './slots';
