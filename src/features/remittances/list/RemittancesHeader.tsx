// The head of the remittance table (remittances-and-payouts §2): the title, the Available Balance, the date range,
// Refresh, Export, Bulk Reprocessing, and while rows are ticked Reprocess Selected and Edit Selected Status; which of them show
// is schemas/screens/remittances.json (§6).
import type { ReactNode } from 'react';
import { Button, Group, Title } from '@mantine/core';
import { DateRangeInput } from '../../../render/DateRangeInput';
import type { ReportRange } from '../../../render/report-range';
import { AvailableBalance } from '../payout-account/AvailableBalance';
import type { RemittancePart } from '../remittance-rules';

export const HEADER_TEXT = {
  refresh: 'Refresh',
  bulkReprocessing: 'Bulk Reprocessing',
  selectedReprocessing: (count: number) => `Reprocess Selected (${count})`,
  selectedEditStatus: (count: number) => `Edit Selected Status (${count})`,
} as const;

export interface RemittancesHeaderProps {
  title: string;
  shows: Record<RemittancePart, boolean>;
  /** The tenant's payout account, for the Available Balance. */
  payoutAccount: string | undefined;
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
  refreshing: boolean;
  onRefresh: () => void;
  selectedCount: number;
  onBulkReprocess: () => void;
  onReprocessSelected: () => void;
  onEditSelected: () => void;
  /** The Export button and its menu (export/RemittanceExport.tsx). */
  exportMenu: ReactNode;
}

export function RemittancesHeader(props: RemittancesHeaderProps) {
  const { title, shows, payoutAccount, range, onRangeChange, refreshing, onRefresh, selectedCount } = props;
  const ticked = selectedCount > 0;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Group align="center" gap="lg">
        <Title order={1} size="h3">
          {title}
        </Title>
        {shows.availableBalance && payoutAccount && <AvailableBalance accountNumber={payoutAccount} />}
      </Group>
      <Group align="flex-end" gap="sm">
        <DateRangeInput range={range} onChange={onRangeChange} />
        <Button variant="default" onClick={onRefresh} loading={refreshing}>
          {HEADER_TEXT.refresh}
        </Button>
        {props.exportMenu}
        {shows.bulkReprocessing && <Button onClick={props.onBulkReprocess}>{HEADER_TEXT.bulkReprocessing}</Button>}
        {ticked && shows.selectedReprocessing && (
          <Button variant="light" onClick={props.onReprocessSelected}>
            {HEADER_TEXT.selectedReprocessing(selectedCount)}
          </Button>
        )}
        {ticked && shows.selectedEditStatus && (
          <Button variant="light" onClick={props.onEditSelected}>
            {HEADER_TEXT.selectedEditStatus(selectedCount)}
          </Button>
        )}
      </Group>
    </Group>
  );
}
