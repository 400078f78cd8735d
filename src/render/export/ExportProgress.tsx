// The Excel export's progress next to the date-range picker: a bar, how many rows, and Cancel.
import { useId } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { DEFAULT_TOAST_TITLES } from '../notify';
import type { ExcelExportState } from './useExcelExport';

/** users-and-wallets §8 loading text, shown until the first page tells how many rows there are. */
export const EXPORT_WAIT_TEXT = 'Please wait, while we process your request...';

const count = (value: number) => value.toLocaleString('en-US');

export function exportProgressLabel({ done, total }: Pick<ExcelExportState, 'done' | 'total'>): string {
  return total > 0 ? `Exporting ${count(done)} of ${count(total)} rows` : EXPORT_WAIT_TEXT;
}

export interface ExportProgressProps {
  state: ExcelExportState;
  onCancel: () => void;
  /** Closes the error message. */
  onDismiss?: () => void;
}

export function ExportProgress({ state, onCancel, onDismiss }: ExportProgressProps) {
  const labelId = useId();
  if (state.status === 'error' && state.error) {
    return (
      <Alert color="red" title={DEFAULT_TOAST_TITLES.error} withCloseButton={Boolean(onDismiss)} onClose={onDismiss}>
        {state.error}
      </Alert>
    );
  }
  if (state.status !== 'running') return null;

  const percent = state.total > 0 ? Math.min(100, Math.round((state.done / state.total) * 100)) : 0;
  return (
    <Stack gap={4} miw={260}>
      <Group gap="sm" wrap="nowrap">
        <Progress.Root size="lg" style={{ flex: 1 }}>
          <Progress.Section value={percent} aria-labelledby={labelId} />
        </Progress.Root>
        <Button size="compact-sm" variant="default" onClick={onCancel} aria-label="Cancel Excel export">
          Cancel
        </Button>
      </Group>
      <Text id={labelId} size="xs" c="dimmed" aria-live="polite">
        {exportProgressLabel(state)}
      </Text>
    </Stack>
  );
}
