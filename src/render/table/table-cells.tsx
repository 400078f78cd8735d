// How each column of a table file draws its cells. A column's renderer is built once per column list (its path
// reader, colour map and formatter are looked up then), so drawing a cell is a read and a format, not a search.
import { Fragment, type ReactNode } from 'react';
import { Avatar, Badge, Button, Group } from '@mantine/core';
import type { FlatRecord } from '../../api/jsonapi';
import type { ColorMap, RowAction, TableColumn } from '../../config/types';
import { formatAmount, formatDate, formatNumber } from '../format';
import { badgeColor } from './colors';
import classes from './table-cells.module.css';

/** A cell's content from its row and its 1-based row number across pages. */
export type CellRenderer = (row: FlatRecord, rowNumber: number) => ReactNode;

export interface CellRendererContext {
  colorMaps: Record<string, ColorMap>;
  rowActionsFor: (row: FlatRecord) => RowAction[];
  onRowAction: (actionId: string, row: FlatRecord) => void;
}

type Amount = number | string | null | undefined;

/** readPath (src/api/jsonapi.ts) with the dot path split once. */
function pathReader(path: string | undefined): (row: FlatRecord) => unknown {
  if (!path) return () => undefined;
  const keys = path.split('.');
  if (keys.length === 1) return (row) => row[path];
  return (row) => {
    let value: unknown = row;
    for (const key of keys) {
      if (value === null || typeof value !== 'object') return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  };
}

const isBlank = (value: unknown) => value === undefined || value === null;
const text = (value: unknown) => (isBlank(value) ? '' : String(value));

/** A colour map's badge colours by value, each looked up once. */
function badgeColors(colorMaps: Record<string, ColorMap>, mapId: string | undefined): (value: unknown) => string {
  const known = new Map<string, string>();
  return (value) => {
    const key = String(value);
    let color = known.get(key);
    if (color === undefined) {
      color = badgeColor(colorMaps, mapId, value);
      known.set(key, color);
    }
    return color;
  };
}

/** An email address that may wrap after its @ and before each dot. */
function wrappingEmail(value: string): ReactNode {
  if (value === '') return '';
  const parts = value.split(/(?<=@)|(?=\.)/);
  return (
    <span className={classes.email}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

function RowActions({ row, actions, onRowAction }: { row: FlatRecord; actions: RowAction[]; onRowAction: CellRendererContext['onRowAction'] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => (
        <Button
          key={action.id}
          size="compact-xs"
          variant="light"
          onClick={(event) => {
            event.stopPropagation();
            onRowAction(action.id, row);
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

export function cellRenderer(column: TableColumn, context: CellRendererContext): CellRenderer {
  const read = pathReader(column.field);
  switch (column.format) {
    case 'rowNumber':
      return (_row, rowNumber) => rowNumber;
    case 'number':
      return (row) => formatNumber(read(row) as Amount);
    case 'money':
      return (row) => formatAmount(read(row) as Amount);
    case 'date':
      return (row) => formatDate(read(row) as string | null | undefined);
    case 'email':
      return (row) => wrappingEmail(text(read(row)));
    case 'boolean':
      return (row) => {
        const value = read(row);
        return value === true ? 'Yes' : value === false ? 'No' : '';
      };
    case 'badge': {
      const colorOf = badgeColors(context.colorMaps, column.colorMap);
      return (row) => {
        const value = read(row);
        return isBlank(value) || value === '' ? null : (
          // A status the staff member cannot read is no status: the badge keeps its full width and widens the column.
          <Badge color={colorOf(value)} variant="dot" miw="max-content">
            {String(value)}
          </Badge>
        );
      };
    }
    case 'avatarName': {
      const readImage = pathReader(column.avatarField);
      return (row) => {
        const image = readImage(row);
        return (
          <Group gap="xs" wrap="nowrap">
            <Avatar src={typeof image === 'string' ? image : null} alt="" size="sm" radius="xl" />
            <span>{text(read(row))}</span>
          </Group>
        );
      };
    }
    case 'actions':
      return (row) => <RowActions row={row} actions={context.rowActionsFor(row)} onRowAction={context.onRowAction} />;
    default:
      return (row) => text(read(row));
  }
}
