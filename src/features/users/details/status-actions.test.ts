import { describe, expect, it } from 'vitest';
import type { AccountFlags } from '../user-record';
import { noFlags as none } from '../test-support/fixtures';
import { allowedStatusActions, statusChoices, STATUS_ACTIONS } from './status-actions';

const offered = (flags: Partial<AccountFlags>) => allowedStatusActions({ ...none, ...flags }).map((action) => [action.label, action.id]);

describe('status actions (users-and-wallets §4)', () => {
  it('[UW-4.11] offers an action only while its account flag is true, none without flags', () => {
    expect(offered({})).toEqual([]);
    expect(allowedStatusActions(undefined)).toEqual([]);
    expect(STATUS_ACTIONS).toHaveLength(10);
  });

  it.each([
    ['[UW-4.12]', 'showActivate', 'Activate', 1],
    ['[UW-4.13]', 'showVerified', 'Verify', 8],
    ['[UW-4.14]', 'showDuplicate', 'Duplicate', 2],
    ['[UW-4.15]', 'showClearDuplicate', 'Not Duplicate', -2],
    ['[UW-4.16]', 'showOnHold', 'On Hold', 64],
    ['[UW-4.17]', 'showRemoveFromLockOut', 'Clear LockOut', -16],
    ['[UW-4.18]', 'showRejectKYC', 'Reject KYC', 256],
    ['[UW-4.19]', 'showClearKYCReject', 'Clear KYC Rejection', -256],
    ['[UW-4.20]', 'showAddToSanction', 'Add To Sanction', 32],
    ['[UW-4.21]', 'showRemoveFromSanction', 'Remove From Sanction', -32],
  ] as const)('%s %s offers %s with id %i', (_row, flag, label, id) => {
    expect(offered({ [flag]: true })).toEqual([[label, id]]);
  });

  it('[UW-4.11] a verified account (flags as the gateway sends them) gets the actions that apply, in table order', () => {
    expect(
      offered({ showDuplicate: true, showOnHold: true, showRejectKYC: true, showAddToSanction: true }),
    ).toEqual([
      ['Duplicate', 2],
      ['On Hold', 64],
      ['Reject KYC', 256],
      ['Add To Sanction', 32],
    ]);
  });

  it('[UW-4.10] status 256 is left out of the status choices unless it is the current one', () => {
    const statuses = [
      { value: 0, name: 'Pending' },
      { value: 8, name: 'Verified' },
      { value: 256, name: 'KYC Rejected' },
    ];
    expect(statusChoices(statuses, null).map((status) => status.name)).toEqual(['Pending', 'Verified']);
    expect(statusChoices(statuses, 'Verified').map((status) => status.name)).toEqual(['Pending', 'Verified']);
    expect(statusChoices(statuses, 'KYC Rejected').map((status) => status.name)).toEqual(['Pending', 'Verified', 'KYC Rejected']);
    expect(statusChoices(statuses, 256)).toHaveLength(3);
  });
});
