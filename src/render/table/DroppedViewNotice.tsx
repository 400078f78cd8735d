// The notice over a table opened with a saved view that no longer fits it (a column or a value that left the config,
// or a view stored before saving was checked): the gateway lists the view without those parts and names them
// (`dropped`, the contract's TableViewDropped), so the list opens with its rows, never as an error screen.
import { Alert } from '@mantine/core';
import { useTableViews, type TableView } from '../../api/views';
import { filterKeyOf } from './table-query';
import type { SchemaTableModel } from './useSchemaTable';

type Dropped = TableView['dropped'][number];

const FILTER = /^\/filters\/(.+)$/;

/** A dropped part as a person reads it: the column's header where the table still has it, else its id. */
function partName(model: SchemaTableModel, part: Dropped): string {
  const filterKey = FILTER.exec(part.pointer)?.[1];
  if (filterKey !== undefined) {
    const column = model.availableColumns.find((candidate) => filterKeyOf(candidate) === filterKey);
    const toolbar = model.view.toolbarFilters?.find((filter) => filter.filterKey === filterKey);
    return `the ${column?.header || toolbar?.label || filterKey} filter “${part.value}”`;
  }
  if (part.pointer.startsWith('/columns/')) {
    const column = model.view.columns.find((candidate) => candidate.id === part.value);
    return `the column “${column?.header || part.value}”`;
  }
  if (part.pointer === '/sort') return `the sort “${part.value}”`;
  if (part.pointer === '/pageSize') return `${part.value} rows per page`;
  return `“${part.value}”`;
}

function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

export function DroppedViewNotice({ model }: { model: SchemaTableModel }) {
  const views = useTableViews({ table: model.view.id, tenant: model.ruleContext.tenant }, true);
  const current = views.data?.find((view) => view.id === model.query.view);
  if (!current || current.dropped.length === 0) return null;
  return (
    <Alert role="status" variant="light" mb="sm" title="Part of this view was left out">
      {`“${current.name}” no longer fits this list, so it opened without ${listOf(current.dropped.map((part) => partName(model, part)))}.`}
    </Alert>
  );
}
