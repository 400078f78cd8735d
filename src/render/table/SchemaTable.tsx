// A server-paged table drawn from a table file (schemas/tables/<id>.json) on Mantine's Table: toolbar, header, body
// and pager around the headless useSchemaTable. Sortable headers are buttons with aria-sort, filters are labelled,
// row actions are labelled buttons, and a row opens with Enter or a click. The rows hold one tab stop that the
// arrow keys, Home and End move (row-focus.ts); a polite live region says which row has the focus, since a
// focused <tr> alone is not read the same way by every screen reader. A list screen gets these props from
// useTableController and gives the flows its actions run by name (./flows.ts).
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, LoadingOverlay, Table, VisuallyHidden } from '@mantine/core';
import type { FlatRecord } from '../../api/jsonapi';
import { useConfig } from '../../config/context';
import type { ColorMap, TableConfig } from '../../config/types';
import { firstScreenDrawn } from '../first-screen';
import { LiveOperationContext } from './live-rows';
import type { FilterLists } from './filter-options';
import { SchemaTableBody } from './SchemaTableBody';
import { SchemaTableHeader } from './SchemaTableHeader';
import { SchemaTablePager } from './SchemaTablePager';
import { virtualizes } from './TableRows';
import { SchemaTableToolbar } from './SchemaTableToolbar';
import { rowFlow, toolbarFlow, type TableFlows } from './flows';
import { rowAnnouncement, useRowFocus } from './row-focus';
import { useSchemaTable, type SchemaTableOptions } from './useSchemaTable';
import { useLatest } from '../use-latest';

export interface SchemaTableProps extends Omit<SchemaTableOptions, 'expandable'> {
  config: TableConfig;
  loading?: boolean;
  /** A failed load: the message shown instead of rows. */
  error?: string | null;
  /** Colour maps for badge columns; the config's (schemas/tables/color-maps.json) by default. */
  colorMaps?: Record<string, ColorMap>;
  /** Rows of list operations by operationId, for select filters whose options come from the gateway. */
  lists?: FilterLists;
  /** Choosing a row (click or Enter), e.g. to open the side panel. */
  onRowOpen?: (row: FlatRecord) => void;
  /** The flows the table file's actions name, by name: row flows take the row, toolbar flows nothing. */
  flows?: TableFlows;
  /** Content of an expanded row; rows get an expand button when given. */
  renderExpanded?: (row: FlatRecord) => ReactNode;
  /** The table's accessible name; the table file's title (tenant-relabelled) by default. */
  title?: string;
  emptyText?: string;
  /** Offers the views menu (columns, rows per page, saved views); list screens whose query is in the address do. */
  savedViews?: boolean;
}

export function SchemaTable(props: SchemaTableProps) {
  // A query's answer arrives as an urgent update (the query cache is an external store), and every answer of a screen
  // (its page, its reference lists, its saved views) would redraw the whole table in one long task. The server's
  // answers are deferred as one piece, so the rows, the pager, the loading state, the error and the filter lists are
  // drawn in a render that yields to the browser and never disagree with each other; the urgent render finds the same
  // props (the screen's handlers are passed as stable functions) and draws nothing.
  const { data, meta, loading, error, lists } = props;
  const answer = useDeferredValue(useMemo(() => ({ data, meta, loading, error, lists }), [data, meta, loading, error, lists]));
  const latest = useLatest(props);
  const onRowOpen = useCallback((row: FlatRecord) => latest.current.onRowOpen?.(row), [latest]);
  const flowNames = Object.keys(props.flows ?? {})
    .sort()
    .join(',');
  const flows = useMemo(() => {
    const run = (name: string) => (row?: FlatRecord) => (row ? rowFlow(latest.current.flows, name)?.(row) : toolbarFlow(latest.current.flows, name)?.());
    const handlers: Record<string, (row?: FlatRecord) => void> = Object.fromEntries(flowNames.split(',').filter((name) => name !== '').map((name) => [name, run(name)]));
    return handlers as TableFlows;
  }, [flowNames, latest]);
  return <SchemaTableView {...props} {...answer} onRowOpen={props.onRowOpen ? onRowOpen : undefined} flows={props.flows ? flows : undefined} />;
}

const SchemaTableView = memo(function SchemaTableView(props: SchemaTableProps) {
  const { set } = useConfig();
  const { config, meta, loading = false, error, colorMaps = set.colorMaps, lists, title, emptyText = 'No records found' } = props;
  // Stable while the screen runs the same flows (SchemaTable passes one handlers object per set of names).
  const { flows } = props;
  const runsFlow = useMemo(() => {
    const names = new Set(Object.keys(flows ?? {}));
    return (flow: string) => names.has(flow);
  }, [flows]);
  const onRowFlow = useCallback((flow: string, row: FlatRecord) => rowFlow(flows, flow)?.(row), [flows]);
  const onToolbarFlow = useCallback((flow: string) => toolbarFlow(flows, flow)?.(), [flows]);
  const model = useSchemaTable(config, { ...props, expandable: props.renderExpanded !== undefined, runsFlow });
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const rows = model.table.getRowModel().rows.filter((row) => row.depth === 0);
  const virtualize = virtualizes(rows.length);
  const hasFilters = model.columns.some((column) => column.filter);
  const headerRows = hasFilters ? 2 : 1;
  const rowFocus = useRowFocus(rows.length);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!loading) firstScreenDrawn();
  }, [loading]);
  const { rowNumber } = model;
  const onRowFocus = useCallback(
    (index: number, row: HTMLTableRowElement) => {
      const cells = Array.from(row.cells, (cell) => cell.textContent ?? '');
      setAnnouncement(rowAnnouncement(rowNumber(index), meta.itemTotal, cells));
    },
    [rowNumber, meta.itemTotal],
  );

  return (
    <Box pos="relative">
      <SchemaTableToolbar model={model} lists={lists} onToolbarFlow={onToolbarFlow} savedViews={props.savedViews} />
      <LoadingOverlay visible={loading && rows.length > 0} loaderProps={{ role: 'status', 'aria-label': 'Loading...' }} />
      {/* Only a virtualized body scrolls itself and needs the element: setting it costs a second render of the table. */}
      <Box ref={virtualize ? setScrollElement : undefined} style={virtualize ? { maxHeight: '70vh', overflow: 'auto' } : { overflowX: 'auto' }}>
        <Table
          striped
          highlightOnHover={props.onRowOpen !== undefined}
          aria-label={title ?? model.view.title ?? config.id}
          aria-rowcount={virtualize ? meta.itemTotal + headerRows : undefined}
          aria-busy={loading || undefined}
        >
          <SchemaTableHeader model={model} lists={lists} hasFilters={hasFilters} />
          <Table.Tbody>
            <LiveOperationContext.Provider value={config.operation}>
              <SchemaTableBody
                {...props}
                onRowFlow={onRowFlow}
                model={model}
                rows={rows}
                loading={loading}
                emptyText={emptyText}
                colorMaps={colorMaps}
                headerRows={headerRows}
                scrollElement={scrollElement}
                rowFocus={rowFocus}
                onRowFocus={onRowFocus}
              />
            </LiveOperationContext.Provider>
          </Table.Tbody>
        </Table>
      </Box>
      <VisuallyHidden role="status" aria-live="polite" aria-label={`Focused row of ${title ?? model.view.title ?? config.id}`}>
        {announcement}
      </VisuallyHidden>
      {!error && <SchemaTablePager model={model} />}
    </Box>
  );
});
