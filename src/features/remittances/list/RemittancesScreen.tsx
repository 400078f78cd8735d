// /transactions/remittances and /transactions/remittances/{filterstatus} (remittances-and-payouts §2): the tenant's
// remittance (bank payout) transactions from schemas/tables/remittances.json within the header's date range (last 7
// days by default, §9, kept in the address). A click ticks a row; the next opens its details unless it is
// reprocessable (remittance-rules.ts); a reference or pay-in id opens them at once. Analyse Request runs the swift
// status flow, Edit Status and the ticked rows' buttons their modals; every change refetches the table.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { FlatRecord } from '../../../api/jsonapi';
import { resourceTypeKey } from '../../../api/resource';
import { useConfig } from '../../../config/context';
import { useStaffContext } from '../../../config/staff-context';
import { rangeFilters, rangeFromSearch, type ReportRange } from '../../../render/report-range';
import { SchemaTable, useTableController } from '../../../render/table';
import { asRemittanceRow, type RemittanceRow } from '../remittance-row';
import { FieldList } from '../../../render/FieldList';
import { RemittanceDetailsModal } from '../details/RemittanceDetailsModal';
import { expandedFields } from '../details/remittance-fields';
import { remittancesView, rowClick } from '../remittance-rules';
import type { BulkReprocessActors } from '../reprocess/bulk-reprocess-actors';
import { BulkReprocessModal, type ReprocessTarget } from '../reprocess/BulkReprocessModal';
import { EditStatusModal } from '../status/EditStatusModal';
import { SwiftStatusDialog } from '../swift/SwiftStatusDialog';
import type { SwiftStatusActors } from '../swift/swift-status-actors';
import { useRemittanceExport } from '../export/RemittanceExport';
import type { UseExcelExportOptions } from '../../../render/export';
import { RemittancesHeader } from './RemittancesHeader';

export const REMITTANCES_TABLE = 'remittances';
export const REMITTANCES_PATH = '/transactions/remittances';

export interface RemittancesScreenProps {
  /** Test seams: the calls of the swift status and bulk reprocessing flows. */
  swiftActors?: SwiftStatusActors;
  reprocessActors?: BulkReprocessActors;
  /** Test seams: the export worker and the PDF download. */
  excelExport?: Partial<UseExcelExportOptions>;
  savePdf?: (blob: Blob, fileName: string) => void;
}

/** §2: the route's filterstatus presets the Status filter, which the staff member may then change or clear. */
export default function RemittancesScreen(props: RemittancesScreenProps) {
  const { filterstatus } = useParams();
  const [search] = useSearchParams();
  if (filterstatus !== undefined && /^\d+$/.test(filterstatus)) {
    // The rest of the address (a dashboard widget's date range) is kept.
    const preset = new URLSearchParams(search);
    preset.set('filter[statusId]', filterstatus);
    return <Navigate replace to={`${REMITTANCES_PATH}?${preset.toString()}`} />;
  }
  return <RemittanceTransactions {...props} />;
}

const renderExpanded = (row: FlatRecord) => <FieldList fields={expandedFields(asRemittanceRow(row))} cols={3} />;

function RemittanceTransactions({ swiftActors, reprocessActors, excelExport, savePdf }: RemittancesScreenProps) {
  const { tenant, ruleContext } = useStaffContext();
  const { set } = useConfig();
  const [search] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(search), [search]);
  const list = useTableController(REMITTANCES_TABLE, { params: rangeFilters(range) });
  const shows = useMemo(() => remittancesView(ruleContext, set), [ruleContext, set]);
  const queryClient = useQueryClient();
  const exports = useRemittanceExport({ range, params: list.params, offersPdf: shows.pdfExport, excelExport, savePdf });

  // Ticks belong to the page shown: another page, filter or range starts with none.
  const [selection, setSelection] = useState<RowSelectionState>({});
  const pageKey = JSON.stringify(list.params);
  useEffect(() => setSelection({}), [pageKey]);
  const rows = list.tableProps.data;
  const selectedRows = useMemo(() => rows.filter((row) => selection[row.id] === true).map(asRemittanceRow), [rows, selection]);

  const [details, setDetails] = useState<RemittanceRow | null>(null);
  const [swiftFor, setSwiftFor] = useState<RemittanceRow | null>(null);
  const [editing, setEditing] = useState<readonly RemittanceRow[] | null>(null);
  const [reprocessing, setReprocessing] = useState<ReprocessTarget | null>(null);

  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: resourceTypeKey('remittance') }), [queryClient]);
  const refresh = () => {
    refetch();
    void queryClient.invalidateQueries({ queryKey: resourceTypeKey('payout-account') });
  };
  const changeRange = (next: ReportRange) => list.setQuery({ ...list.query, page: 1 }, { startDate: next.startDate, endDate: next.endDate });

  const clickRow = (record: FlatRecord) => {
    const row = asRemittanceRow(record);
    const selected = selection[row.id] === true;
    switch (rowClick(selected, row.reprocessable)) {
      case 'select':
        setSelection({ ...selection, [row.id]: true });
        break;
      case 'deselect':
        setSelection(Object.fromEntries(Object.entries(selection).filter(([id]) => id !== row.id)));
        break;
      default:
        setDetails(row);
    }
  };
  const flows = {
    remittanceDetails: (record: FlatRecord) => setDetails(asRemittanceRow(record)),
    swiftStatus: (record: FlatRecord) => setSwiftFor(asRemittanceRow(record)),
    editPayoutStatus: (record: FlatRecord) => setEditing([asRemittanceRow(record)]),
    reprocessPayout: (record: FlatRecord) => setReprocessing({ kind: 'selected', rows: [asRemittanceRow(record)] }),
  };

  return (
    <Stack gap="md">
      <RemittancesHeader
        title={list.title}
        shows={shows}
        payoutAccount={tenant?.payoutAccount}
        range={range}
        onRangeChange={changeRange}
        refreshing={list.tableProps.loading === true}
        onRefresh={refresh}
        selectedCount={selectedRows.length}
        onBulkReprocess={() => setReprocessing({ kind: 'window' })}
        onReprocessSelected={() => setReprocessing({ kind: 'selected', rows: selectedRows })}
        onEditSelected={() => setEditing(selectedRows)}
        exportMenu={exports.menu}
      />
      {exports.progress}
      <SchemaTable
        {...list.tableProps}
        selectable
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        onRowOpen={clickRow}
        flows={flows}
        renderExpanded={renderExpanded}
      />
      <RemittanceDetailsModal row={details} onClose={() => setDetails(null)} showsHistory={shows.history} />
      {swiftFor && (
        <SwiftStatusDialog
          key={swiftFor.id}
          payoutExternalId={swiftFor.payoutExternalId}
          onRefetch={refetch}
          onFinished={() => setSwiftFor(null)}
          actors={swiftActors}
        />
      )}
      <EditStatusModal rows={editing} onClose={() => setEditing(null)} />
      <BulkReprocessModal
        target={reprocessing}
        actors={reprocessActors}
        onClose={(reprocessed) => {
          setReprocessing(null);
          if (reprocessed) {
            setSelection({});
            refetch();
          }
        }}
      />
    </Stack>
  );
}
