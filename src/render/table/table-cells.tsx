// How each column of a table file draws its cells. A column's renderer is built once per column list (its path
// reader, colour map and formatter are looked up then), so drawing a cell is a read and a format, not a search.
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Anchor, Avatar, Badge, Button, Group, Text, type MantineTheme } from '@mantine/core';
import type { FlatRecord } from '../../api/jsonapi';
import type { ColorMap, RowAction, TableColumn } from '../../config/types';
import { formatAmount, formatDate, formatTimestamp, formatNumber } from '../format';
import { badgeColor } from './colors';
import classes from './table-cells.module.css';

/** A cell's content from its row and its 1-based row number across pages. */
export type CellRenderer = (row: FlatRecord, rowNumber: number) => ReactNode;

export interface CellRendererContext {
  colorMaps: Record<string, ColorMap>;
  /** The Mantine theme, for the badge cells' colours. */
  theme: MantineTheme;
  rowActionsFor: (row: FlatRecord) => RowAction[];
  /** Runs a row flow (src/config/registry.ts) for a row: an action's, or a cell's (cellAction). */
  onRowFlow: (flow: string, row: FlatRecord) => void;
  /** Whether the screen runs the flow; a cellAction naming one it does not run leaves the cell plain. */
  runsFlow: (flow: string) => boolean;
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

const BADGE_ROOT = `${Badge.classes.root} mantine-Badge-root`;
const BADGE_LABEL = `${Badge.classes.label} mantine-Badge-label`;

/** A colour map's dot badge styles by value, each worked out once: Mantine's Badge variables for its colour. */
function badgeStyles(colorMaps: Record<string, ColorMap>, mapId: string | undefined, theme: MantineTheme): (value: unknown) => CSSProperties {
  const known = new Map<string, CSSProperties>();
  return (value) => {
    const key = String(value);
    let style = known.get(key);
    if (style === undefined) {
      const vars = Badge.varsResolver(theme, { color: badgeColor(colorMaps, mapId, value), variant: 'dot' }, undefined).root;
      // A status the staff member cannot read is no status: the badge keeps its full width and widens the column.
      style = { ...vars, minWidth: 'max-content' } as CSSProperties;
      known.set(key, style);
    }
    return style;
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

/** A row's actions wrap onto lines, and a label within its button, when their column is narrower than they are (the
 * column's width in the table file): three labelled actions side by side pushed the remittance table's Status out of a
 * 1,280 px screen (issue 22). */
const ROW_ACTION_STYLES = { label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.25 } } as const;

const WBR_INLINE = { display: 'inline' } as const;

/** A text that may wrap after each pipe, e.g. a reference and its partner id (remittances-and-payouts §3). */
function wrappingAtPipes(value: string): ReactNode {
  if (!value.includes('|')) return value;
  // The <wbr> is inline as browsers draw it; said so, a name computed without a layout (jsdom) reads no space there.
  return value.split(/(?<=\|)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr style={WBR_INLINE} />}
      {part}
    </Fragment>
  ));
}

function RowActions({ row, actions, onRowFlow }: { row: FlatRecord; actions: RowAction[]; onRowFlow: CellRendererContext['onRowFlow'] }) {
  return (
    <Group gap={4} wrap="wrap">
      {actions.map((action) => (
        <Button
          key={action.id}
          size="compact-xs"
          variant="light"
          h="auto"
          mih={22}
          styles={ROW_ACTION_STYLES}
          onClick={(event) => {
            event.stopPropagation();
            onRowFlow(action.flow, row);
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/** remittances-and-payouts §2: an amount above 0 is green, one at 0 or below red, in each scheme's readable shade (src/app/Providers.tsx). */
function signColorOf(value: Amount): string | undefined {
  if (isBlank(value) || value === '') return undefined;
  return Number(value) > 0 ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-red-text)';
}

/** A number or money cell: the formatted amount, its currency after it (currencyField), coloured by sign (signColor). */
function amountRenderer(column: TableColumn, read: (row: FlatRecord) => unknown, format: (value: Amount) => string): CellRenderer {
  const readCurrency = column.currencyField ? pathReader(column.currencyField) : null;
  return (row) => {
    const value = read(row) as Amount;
    const amount = format(value);
    const currency = readCurrency ? text(readCurrency(row)) : '';
    const shown = amount && currency ? `${amount} ${currency}` : amount;
    const color = column.signColor ? signColorOf(value) : undefined;
    if (!color && !currency) return shown;
    // A narrow column puts the currency under its amount (issue 22: the remittance table at 1,280 px); the amount
    // itself never breaks (no break between digits, separators and sign).
    return (
      <Text span inherit c={color}>
        {shown}
      </Text>
    );
  };
}

/** A cell whose text runs a row flow (cellAction), e.g. a reference that opens the details. */
function withCellAction(render: CellRenderer, flow: string, context: CellRendererContext): CellRenderer {
  return (row, rowNumber) => {
    const content = render(row, rowNumber);
    if (content === null || content === '') return content;
    return (
      <Anchor
        component="button"
        type="button"
        fz="sm"
        onClick={(event) => {
          event.stopPropagation();
          context.onRowFlow(flow, row);
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {content}
      </Anchor>
    );
  };
}

export function cellRenderer(column: TableColumn, context: CellRendererContext): CellRenderer {
  const render = contentRenderer(column, context);
  return column.cellAction && context.runsFlow(column.cellAction) ? withCellAction(render, column.cellAction, context) : render;
}

function contentRenderer(column: TableColumn, context: CellRendererContext): CellRenderer {
  const read = pathReader(column.field);
  switch (column.format) {
    case 'rowNumber':
      return (_row, rowNumber) => rowNumber;
    case 'number':
      return amountRenderer(column, read, formatNumber);
    case 'money':
      return amountRenderer(column, read, formatAmount);
    case 'date':
      return (row) => formatDate(read(row) as string | null | undefined);
    case 'timestamp':
      return (row) => formatTimestamp(read(row) as string | null | undefined);
    case 'email':
      return (row) => wrappingEmail(text(read(row)));
    case 'boolean':
      return (row) => {
        const value = read(row);
        return value === true ? 'Yes' : value === false ? 'No' : '';
      };
    case 'badge': {
      const styleOf = badgeStyles(context.colorMaps, column.colorMap, context.theme);
      // Mantine's dot Badge as it draws itself, without the component: a Badge per cell cost more than the rest of its
      // row when rows scroll into view (issue 27).
      return (row) => {
        const value = read(row);
        return isBlank(value) || value === '' ? null : (
          <div className={BADGE_ROOT} data-variant="dot" style={styleOf(value)}>
            <span className={BADGE_LABEL}>{String(value)}</span>
          </div>
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
      return (row) => <RowActions row={row} actions={context.rowActionsFor(row)} onRowFlow={context.onRowFlow} />;
    default:
      return (row) => wrappingAtPipes(text(read(row)));
  }
}
