// A list screen's frame: the table file's title as the heading over its table, both from useTableController. The
// screen gives only its own handlers (its routes) and what it draws under the table, e.g. a side panel.
import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import type { TableId } from '../../config/registry';
import { SchemaTable, type SchemaTableProps } from './SchemaTable';
import { useTableController, type TableControllerOptions } from './useTableController';

interface TableScreenProps extends Pick<SchemaTableProps, 'onRowOpen' | 'flows'> {
  /** The table file: schemas/tables/<tableId>.json. */
  tableId: TableId;
  options?: TableControllerOptions;
  children?: ReactNode;
}

export function TableScreen({ tableId, options, children, ...handlers }: TableScreenProps) {
  const list = useTableController(tableId, options);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable {...list.tableProps} {...handlers} />
      {children}
    </Stack>
  );
}
