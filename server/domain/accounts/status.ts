// Account status actions (users-and-wallets §4; docs/decisions.md "Roles and statuses"): an action id is a status
// bit, a negative id removes it, and each action is allowed only while its account-action flag is true.
import { STATUS } from '../reference.ts';

export interface AccountActionFlags {
  showActivate: boolean;
  showVerified: boolean;
  showDuplicate: boolean;
  showClearDuplicate: boolean;
  showOnHold: boolean;
  showRemoveFromLockOut: boolean;
  showRejectKYC: boolean;
  showClearKYCReject: boolean;
  showAddToSanction: boolean;
  showRemoveFromSanction: boolean;
}

export type AccountActionFlag = keyof AccountActionFlags;

const has = (status: number, bit: number) => (status & bit) === bit;

/** Which status actions apply to an account with this status bit set. */
export function accountActionFlags(status: number): AccountActionFlags {
  return {
    showActivate: !has(status, STATUS.Active),
    showVerified: !has(status, STATUS.Verified),
    showDuplicate: !has(status, STATUS.Duplicate),
    showClearDuplicate: has(status, STATUS.Duplicate),
    showOnHold: !has(status, STATUS.OnHold),
    showRemoveFromLockOut: has(status, STATUS.LockOut),
    showRejectKYC: !has(status, STATUS.KycRejected),
    showClearKYCReject: has(status, STATUS.KycRejected),
    showAddToSanction: !has(status, STATUS.Sanctioned),
    showRemoveFromSanction: has(status, STATUS.Sanctioned),
  };
}

/** The status actions of users-and-wallets §4: id → the name shown and the flag that must be true. */
export const STATUS_ACTIONS = {
  1: { name: 'Activate', flag: 'showActivate' },
  8: { name: 'Verify', flag: 'showVerified' },
  2: { name: 'Duplicate', flag: 'showDuplicate' },
  [-2]: { name: 'Not Duplicate', flag: 'showClearDuplicate' },
  64: { name: 'On Hold', flag: 'showOnHold' },
  [-16]: { name: 'Clear LockOut', flag: 'showRemoveFromLockOut' },
  256: { name: 'Reject KYC', flag: 'showRejectKYC' },
  [-256]: { name: 'Clear KYC Rejection', flag: 'showClearKYCReject' },
  32: { name: 'Add To Sanction', flag: 'showAddToSanction' },
  [-32]: { name: 'Remove From Sanction', flag: 'showRemoveFromSanction' },
} as const satisfies Record<number, { name: string; flag: AccountActionFlag }>;

export type StatusActionId = keyof typeof STATUS_ACTIONS;

export function isStatusActionId(value: unknown): value is StatusActionId {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(STATUS_ACTIONS, value);
}

/** True when the action's account-action flag is true for this status. */
export function statusActionAllowed(status: number, action: StatusActionId): boolean {
  return accountActionFlags(status)[STATUS_ACTIONS[action].flag];
}

/** The status after the action: a positive id sets its bit, a negative id clears it (§4). */
export function applyStatusAction(status: number, action: StatusActionId): number {
  return action > 0 ? status | action : status & ~-action;
}
