// The rows of a schema table by keyboard: one tab stop, arrow keys, Home and End move the focus, Enter opens the
// row, and a live region names the focused row (row-focus.ts). A virtualized page draws no rows in jsdom: its
// scroll-to-row is driven in Chromium (tests/e2e/keyboard.spec.ts).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FlatRecord, ListMeta } from '../../api/jsonapi';
import { ruleContext } from '../../config/rules';
import type { TableConfig } from '../../config/types';
import { renderWithProviders } from '../test-utils';
import { SchemaTable, type SchemaTableProps } from './SchemaTable';
import { initialTableQuery } from './table-query';

const table: TableConfig = {
  id: 'people',
  title: 'People',
  operation: 'listUsers',
  rowKey: 'id',
  pageSize: 10,
  columns: [
    { id: 'rowNumber', header: '#', format: 'rowNumber' },
    { id: 'name', field: 'fullname', header: 'Name' },
  ],
};

const people = (count: number): FlatRecord[] => Array.from({ length: count }, (_, index) => ({ id: `p${index + 1}`, type: 'user', fullname: `Person ${index + 1}` }));

function renderTable(count: number, props: Partial<SchemaTableProps> = {}) {
  const data = people(count);
  const meta: ListMeta = { itemTotal: count, pageNumber: 1, pageSize: count, pageTotal: 1 };
  renderWithProviders(
    <SchemaTable
      config={table}
      data={data}
      meta={meta}
      query={{ ...initialTableQuery(table), pageSize: count }}
      onQueryChange={() => {}}
      ruleContext={ruleContext({ role: 4, tenant: 'teller' })}
      {...props}
    />,
  );
  return data;
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

const focusedName = () => document.activeElement?.textContent;

describe('SchemaTable rows by keyboard', () => {
  it('gives the rows one tab stop, which Tab reaches and the arrow keys, Home and End move', async () => {
    renderTable(4);
    expect(bodyRows().map((row) => row.tabIndex)).toEqual([0, -1, -1, -1]);
    await userEvent.tab();
    expect(document.activeElement).toBe(bodyRows()[0]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedName()).toContain('Person 3');
    expect(bodyRows().map((row) => row.tabIndex)).toEqual([-1, -1, 0, -1]);
    await userEvent.keyboard('{ArrowUp}');
    expect(focusedName()).toContain('Person 2');
    await userEvent.keyboard('{End}');
    expect(focusedName()).toContain('Person 4');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedName()).toContain('Person 4');
    await userEvent.keyboard('{Home}');
    expect(focusedName()).toContain('Person 1');
  });

  it('opens the focused row with Enter, the flow a click runs', async () => {
    const onRowOpen = vi.fn();
    const data = renderTable(3, { onRowOpen });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(data[1]);
    await userEvent.click(screen.getByText('Person 3'));
    expect(onRowOpen).toHaveBeenLastCalledWith(data[2]);
  });

  it('moves the tab stop to a clicked row, so Tab comes back to it', async () => {
    renderTable(3, { onRowOpen: () => {} });
    await userEvent.click(screen.getByText('Person 3'));
    expect(bodyRows().map((row) => row.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('announces the focused row in a polite live region', async () => {
    renderTable(3);
    const region = screen.getByRole('status', { name: 'Focused row of People' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(region).toHaveTextContent('Row 2 of 3: 2, Person 2');
  });

  it('leaves keys typed in a control inside a row to that control', async () => {
    renderTable(3, { renderExpanded: (row) => <input aria-label={`Note for ${String(row.fullname)}`} /> });
    await userEvent.click(screen.getByRole('button', { name: 'Expand row 1' }));
    const note = screen.getByRole('textbox', { name: 'Note for Person 1' });
    note.focus();
    await userEvent.keyboard('{ArrowDown}{End}');
    expect(document.activeElement).toBe(note);
  });

});
