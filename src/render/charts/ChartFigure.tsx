// A chart with what makes it accessible: a heading that names it, an optional caption, and its figures as a table
// behind a button (the text alternative, reachable by keyboard; a row may carry the link a click on the chart follows).
import '@mantine/charts/styles.css';
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Group, Table, Text, Title } from '@mantine/core';

export interface ChartTableColumn {
  key: string;
  header: string;
  numeric?: boolean;
}

export interface ChartTableRow {
  key: string;
  cells: Record<string, ReactNode>;
}

export interface ChartFigureProps {
  title: string;
  /** Under the title, e.g. the date range the chart covers. */
  caption?: ReactNode;
  /** Controls beside the title, e.g. a period toggle. */
  controls?: ReactNode;
  columns: readonly ChartTableColumn[];
  rows: readonly ChartTableRow[];
  /** What the table says when there are no rows. */
  emptyText?: string;
  headingOrder?: 2 | 3 | 4;
  /** The chart itself. */
  children: ReactNode;
}

export function ChartFigure({ title, caption, controls, columns, rows, emptyText = 'No data', headingOrder = 3, children }: ChartFigureProps) {
  const titleId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb="xs">
        <Title order={headingOrder} size="h4" id={titleId}>
          {title}
        </Title>
        <Group gap="xs">
          {controls}
          <Button variant="subtle" size="xs" aria-expanded={tableShown} aria-controls={tableShown ? tableId : undefined} onClick={() => setTableShown((shown) => !shown)}>
            {tableShown ? 'Hide data table' : 'Show data table'}
          </Button>
        </Group>
      </Group>
      {caption && (
        <Text size="sm" c="dimmed" mb="xs">
          {caption}
        </Text>
      )}
      {children}
      {tableShown && (
        <Table id={tableId} mt="sm" striped withTableBorder>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col" ta={column.numeric ? 'right' : undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>{emptyText}</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.key}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.numeric ? 'right' : undefined}>
                      {row.cells[column.key]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
    </Box>
  );
}
