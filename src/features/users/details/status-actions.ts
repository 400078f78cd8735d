// users-and-wallets §4 "Admin status actions": applied by numeric id (a negative id removes the status), each
// offered only while its account-action flag is true; and status 256 (KYC Rejected) is not offered as a status
// choice unless it is the current one.
import type { components } from '../../../api/gateway';
import type { AccountFlags } from '../user-record';

export type StatusActionId = components['schemas']['StatusAction'];

export interface StatusAction {
  id: StatusActionId;
  label: string;
  flag: keyof AccountFlags;
}

/** The §4 table, in its order. */
export const STATUS_ACTIONS: readonly StatusAction[] = [
  { id: 1, label: 'Activate', flag: 'showActivate' },
  { id: 8, label: 'Verify', flag: 'showVerified' },
  { id: 2, label: 'Duplicate', flag: 'showDuplicate' },
  { id: -2, label: 'Not Duplicate', flag: 'showClearDuplicate' },
  { id: 64, label: 'On Hold', flag: 'showOnHold' },
  { id: -16, label: 'Clear LockOut', flag: 'showRemoveFromLockOut' },
  { id: 256, label: 'Reject KYC', flag: 'showRejectKYC' },
  { id: -256, label: 'Clear KYC Rejection', flag: 'showClearKYCReject' },
  { id: 32, label: 'Add To Sanction', flag: 'showAddToSanction' },
  { id: -32, label: 'Remove From Sanction', flag: 'showRemoveFromSanction' },
];

/** The actions whose flag is true; none when the flags are unknown. */
export function allowedStatusActions(flags: Partial<AccountFlags> | null | undefined): StatusAction[] {
  if (!flags) return [];
  return STATUS_ACTIONS.filter((action) => flags[action.flag] === true);
}

export function statusActionById(id: number): StatusAction | undefined {
  return STATUS_ACTIONS.find((action) => action.id === id);
}

/** The hidden status: 256, KYC Rejected. */
export const HIDDEN_STATUS_VALUE = 256;

/** Status choices (the status list) without 256 unless it is the current one (`current`: its value or its name). */
export function statusChoices<T extends { value: number; name: string }>(statuses: readonly T[], current: number | string | null | undefined): T[] {
  return statuses.filter((status) => status.value !== HIDDEN_STATUS_VALUE || status.value === current || status.name === current);
}
