import { describe, expect, it } from 'vitest';
import { STATUS } from '../reference.ts';
import { STATUS_ACTIONS, accountActionFlags, applyStatusAction, statusActionAllowed, type StatusActionId } from './status.ts';

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

// The table of users-and-wallets §4 (action, id) with the flag of each (docs/decisions.md "Roles and statuses"), written
// out here rather than read from the code: which status bit the flag looks at, and whether it offers the action while
// that bit is set (a clearing action) or while it is not.
const SECTION_4 = [
  { action: 'Activate', id: 1, bit: 1, whileSet: false },
  { action: 'Verify', id: 8, bit: 8, whileSet: false },
  { action: 'Duplicate', id: 2, bit: 2, whileSet: false },
  { action: 'Not Duplicate', id: -2, bit: 2, whileSet: true },
  { action: 'On Hold', id: 64, bit: 64, whileSet: false },
  { action: 'Clear LockOut', id: -16, bit: 16, whileSet: true },
  { action: 'Reject KYC', id: 256, bit: 256, whileSet: false },
  { action: 'Clear KYC Rejection', id: -256, bit: 256, whileSet: true },
  { action: 'Add To Sanction', id: 32, bit: 32, whileSet: false },
  { action: 'Remove From Sanction', id: -32, bit: 32, whileSet: true },
] as const;

describe('status actions (users-and-wallets §4)', () => {
  it('[UW-4.11] knows exactly the actions of the §4 table, by id and name', () => {
    expect(Object.entries(STATUS_ACTIONS).map(([id, { name }]) => [Number(id), name]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      SECTION_4.map(({ id, action }) => [id, action]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it('[UW-4.11] offers each action of the §4 table exactly while its flag holds, on every status', () => {
    for (let status = 0; status < 512; status += 1) {
      for (const { action, id, bit, whileSet } of SECTION_4) {
        expect(statusActionAllowed(status, id), `${action} (${id}) on status ${status}`).toBe(((status & bit) !== 0) === whileSet);
      }
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
