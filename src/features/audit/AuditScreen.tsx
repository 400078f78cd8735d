// /audit: the audit trail of the tenant (every tenant's for the admin tenant) from schemas/tables/audit.json, within the
// header's date range (last 7 days by default, kept in the address as on the other lists); a row expands to its
// field-by-field diff, and Export saves the rows shown (filters, sort, range) as 'Audit Trail.xlsx'.
import { useMemo } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { FlatRecord } from '../../api/jsonapi';
import { asAuditEvent } from '../../api/audit';
import { AuditDiff } from '../../render/audit';
import { DateRangeInput } from '../../render/DateRangeInput';
import { ExportProgress, useExcelExport, type UseExcelExportOptions } from '../../render/export';
import { rangeFilters, rangeFromSearch } from '../../render/report-range';
import { SchemaTable, useTableController } from '../../render/table';
import { AUDIT_EXPORT_PAGE_SIZE, AUDIT_FILE_NAME, AUDIT_REPORT, auditFilters, createAuditExportWorker } from './export/report';

export const AUDIT_TABLE = 'audit';

const renderDiff = (row: FlatRecord) => {
  const event = asAuditEvent(row);
  return <AuditDiff before={event.before} after={event.after} label={`Changes of ${event.action} ${event.entity} ${event.entityId ?? ''}`.trim()} />;
};

export interface AuditScreenProps {
  /** Test seam: the export worker and the download. */
  excelExport?: Partial<UseExcelExportOptions>;
}

export default function AuditScreen({ excelExport }: AuditScreenProps) {
  const [search] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(search), [search]);
  const list = useTableController(AUDIT_TABLE, { params: rangeFilters(range) });
  const excel = useExcelExport({ createWorker: createAuditExportWorker, pageSize: AUDIT_EXPORT_PAGE_SIZE, ...excelExport });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h3">
          {list.title}
        </Title>
        <Group align="flex-end" gap="sm">
          <DateRangeInput
            range={range}
            onChange={(next) => list.setQuery({ ...list.query, page: 1 }, { startDate: next.startDate, endDate: next.endDate })}
          />
          <Button variant="default" disabled={excel.state.status === 'running'} onClick={() => excel.start({ report: AUDIT_REPORT, filters: auditFilters(list.params), fileName: AUDIT_FILE_NAME })}>
            Export
          </Button>
        </Group>
      </Group>
      <ExportProgress state={excel.state} onCancel={excel.cancel} onDismiss={excel.reset} />
      <SchemaTable {...list.tableProps} renderExpanded={renderDiff} />
    </Stack>
  );
}
