import { describe, expect, it } from 'vitest';
import { auditChanges, auditValue, changeSummary, fieldLabel } from './audit-diff';

describe('audit diff', () => {
  it('pairs each field of before and after and says whether it changed, appeared, went away or stayed', () => {
    expect(auditChanges({ status: 9, statusName: 'Verified', note: 'x' }, { status: 73, statusName: 'Verified', reason: 'y' })).toEqual([
      { field: 'status', before: 9, after: 73, kind: 'changed' },
      { field: 'statusName', before: 'Verified', after: 'Verified', kind: 'same' },
      { field: 'note', before: 'x', after: undefined, kind: 'removed' },
      { field: 'reason', before: undefined, after: 'y', kind: 'added' },
    ]);
    expect(auditChanges(null, { name: 'New' })).toEqual([{ field: 'name', before: undefined, after: 'New', kind: 'added' }]);
  });

  it('reads fields and values as staff do, never as raw JSON', () => {
    expect(fieldLabel('statusName')).toBe('Status name');
    expect(fieldLabel('client_claims_prefix')).toBe('Client claims prefix');
    expect(auditValue(null)).toBe('—');
    expect(auditValue(true)).toBe('Yes');
    expect(auditValue(['a', 'b'])).toBe('a, b');
    expect(auditValue({ accountId: 'A1', roles: [4] })).toBe('Account id: A1; Roles: 4');
    expect(changeSummary({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 })).toBe('B, C');
  });
});
