// Under a SchemaTable: which rows show of how many, and the pages (users-and-wallets §9: paging from the server's meta).
import { Group, Pagination, Text } from '@mantine/core';
import type { SchemaTableModel } from './useSchemaTable';

const CONTROL_LABELS = {
  first: { 'aria-label': 'First page' },
  previous: { 'aria-label': 'Previous page' },
  next: { 'aria-label': 'Next page' },
  last: { 'aria-label': 'Last page' },
};

export function SchemaTablePager({ model }: { model: SchemaTableModel }) {
  const { pageInfo } = model;
  if (pageInfo.itemTotal === 0) return null;
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {`Showing ${pageInfo.firstRow} to ${pageInfo.lastRow} of ${pageInfo.itemTotal}`}
      </Text>
      {pageInfo.pageTotal > 1 && (
        <Pagination
          total={pageInfo.pageTotal}
          value={pageInfo.page}
          onChange={model.setPage}
          size="sm"
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          getControlProps={(control) => CONTROL_LABELS[control]}
        />
      )}
    </Group>
  );
}
