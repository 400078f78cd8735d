// Above a SchemaTable: the table file's filters that are not columns (the admin lists' Role, users-and-wallets §6),
// which apply at once, its toolbar actions (Add user), each running the flow it names, and the views menu
// (TableViewsBar) where the table offers it, with the notice of a saved view opened without parts it no longer fits.
import { Button, Group, Select } from '@mantine/core';
import { DroppedViewNotice } from './DroppedViewNotice';
import { filterOptions, type FilterLists } from './filter-options';
import { TableViewsBar } from './TableViewsBar';
import type { SchemaTableModel } from './useSchemaTable';

export interface SchemaTableToolbarProps {
  model: SchemaTableModel;
  lists?: FilterLists;
  /** Runs a toolbar flow (SchemaTable's `flows`). */
  onToolbarFlow?: (flow: string) => void;
  /** Shows the views menu: columns, rows per page and saved views. */
  savedViews?: boolean;
}

export function SchemaTableToolbar({ model, lists, onToolbarFlow, savedViews = false }: SchemaTableToolbarProps) {
  if (model.toolbarActions.length === 0 && model.toolbarFilters.length === 0 && !savedViews) return null;
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm">
        <Group gap="sm">
          {model.toolbarFilters.map((filter) => (
            <Select
              key={filter.id}
              label={filter.label}
              size="xs"
              data={filterOptions(filter.filterOptions, lists)}
              value={model.filterInputs[filter.id] || null}
              clearable
              onChange={(next) => model.setFilter(filter.id, next ?? '', { immediate: true })}
            />
          ))}
        </Group>
        <Group gap="sm">
          {savedViews && <TableViewsBar model={model} />}
          {model.toolbarActions.map((action) => (
            <Button key={action.id} onClick={() => onToolbarFlow?.(action.flow)}>
              {action.label}
            </Button>
          ))}
        </Group>
      </Group>
      {savedViews && <DroppedViewNotice model={model} />}
    </>
  );
}
