import { describe, expect, it } from 'vitest';
import { excelDateSerial } from '../../../render/export/xlsx-writer';
import { AUDIT_COLUMNS, AUDIT_TRAIL_REPORT, toAuditRow } from './audit-columns';

describe('Audit Trail.xlsx rows', () => {
  it('writes one cell per column, the date as an Excel date and before/after as JSON', () => {
    const row = toAuditRow({
      type: 'audit-event',
      id: '9',
      attributes: {
        at: '2026-11-20T10:15:00.000Z',
        actorId: '2',
        actorEmail: 'partner@demo.test',
        tenant: 'teller',
        action: 'account.status',
        entity: 'account',
        entityId: '41',
        before: { status: 'Active' },
        after: { status: 'On Hold' },
        reason: 'Documents under review',
      },
    });
    expect(row).toHaveLength(AUDIT_COLUMNS.length);
    expect(row).toEqual([
      excelDateSerial('2026-11-20T10:15:00.000Z'),
      'partner@demo.test',
      'teller',
      'account.status',
      'account',
      '41',
      'Documents under review',
      '{"status":"Active"}',
      '{"status":"On Hold"}',
    ]);
  });

  it('reads the paged audit list into a sheet named Audit Trail', () => {
    expect(AUDIT_TRAIL_REPORT).toMatchObject({ path: '/api/v1/audit', paged: true, sheetName: 'Audit Trail' });
  });
});
