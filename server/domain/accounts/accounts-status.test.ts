import { describe, expect, it } from 'vitest';
import { STATUS } from '../reference.ts';
import { STATUS_ACTIONS, accountActionFlags, applyStatusAction, statusActionAllowed, type StatusActionId } from './status.ts';

const actionIds = Object.keys(STATUS_ACTIONS).map(Number) as StatusActionId[];

describe('account action flags (docs/decisions.md "Roles and statuses")', () => {
  it('[UW-3.05] offers activation, verification, duplicate, on hold, KYC reject and sanction to a pending account', () => {
    expect(accountActionFlags(0)).toEqual({
      showActivate: true,
      showVerified: true,
      showDuplicate: true,
      showClearDuplicate: false,
      showOnHold: true,
      showRemoveFromLockOut: false,
      showRejectKYC: true,
      showClearKYCReject: false,
      showAddToSanction: true,
      showRemoveFromSanction: false,
    });
  });

  it('offers the clearing actions only for statuses that are set', () => {
    const all = STATUS.Active | STATUS.Duplicate | STATUS.Verified | STATUS.LockOut | STATUS.Sanctioned | STATUS.OnHold | STATUS.KycRejected;
    expect(accountActionFlags(all)).toEqual({
      showActivate: false,
      showVerified: false,
      showDuplicate: false,
      showClearDuplicate: true,
      showOnHold: false,
      showRemoveFromLockOut: true,
      showRejectKYC: false,
      showClearKYCReject: true,
      showAddToSanction: false,
      showRemoveFromSanction: true,
    });
  });
});

describe('status actions (users-and-wallets §4)', () => {
  it('[UW-4.11] allows each action exactly when its flag is true, on every status', () => {
    for (let status = 0; status < 512; status += 1) {
      const flags = accountActionFlags(status);
      for (const id of actionIds) expect(statusActionAllowed(status, id)).toBe(flags[STATUS_ACTIONS[id].flag]);
    }
  });

  it.each([
    ['[UW-4.12] Activate', 1, 0, 1],
    ['[UW-4.13] Verify', 8, 1, 9],
    ['[UW-4.14] Duplicate', 2, 9, 11],
    ['[UW-4.15] Not Duplicate', -2, 11, 9],
    ['[UW-4.16] On Hold', 64, 9, 73],
    ['[UW-4.17] Clear LockOut', -16, 25, 9],
    ['[UW-4.18] Reject KYC', 256, 1, 257],
    ['[UW-4.19] Clear KYC Rejection', -256, 257, 1],
    ['[UW-4.20] Add To Sanction', 32, 9, 41],
    ['[UW-4.21] Remove From Sanction', -32, 41, 9],
  ] as Array<[string, StatusActionId, number, number]>)('%s applies id %i', (_name, id, before, after) => {
    expect(statusActionAllowed(before, id)).toBe(true);
    expect(applyStatusAction(before, id)).toBe(after);
    // Applied, the action no longer applies: its flag turns false.
    expect(statusActionAllowed(after, id)).toBe(false);
  });

  it('[UW-4.22] a negative id removes only its own status bit', () => {
    expect(applyStatusAction(STATUS.Active | STATUS.Verified | STATUS.Sanctioned, -32)).toBe(STATUS.Active | STATUS.Verified);
  });
});
