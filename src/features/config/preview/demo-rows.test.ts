import { describe, expect, it } from 'vitest';
import { readPath } from '../../../api/jsonapi';
import { config } from '../../../config';
import type { TableColumn, TableConfig } from '../../../config/types';
import { demoRows, demoValue } from './demo-rows';

const table = (columns: TableColumn[], rowKey = 'id'): TableConfig => ({ id: 'made-up', operation: 'listUsers', rowKey, columns });
const colorMaps = { status: { colors: { Pending: 'warning' as const, Verified: 'success' as const } } };

describe('demo rows for the config preview', () => {
  // docs/features.md: the preview's demo rows are five, the same every time.
  it('fills every column of five distinct rows of every table file, at its dot path, with no table named in the code', () => {
    const tables = Object.values(config.tables);
    expect(tables.length).toBeGreaterThan(10);
    for (const each of tables) {
      const rows = demoRows(each, config.colorMaps);
      expect(rows, each.id).toHaveLength(5);
      for (const row of rows) {
        for (const column of each.columns) {
          if (column.field) expect(readPath(row, column.field), `${each.id} ${column.id}`).not.toBeUndefined();
        }
      }
      expect(new Set(rows.map((row) => String(readPath(row, each.rowKey)))).size, each.id).toBe(5);
    }
  });

  it('makes each value from its column type: money as decimal text, dates as ISO text, numbers, yes/no, emails', () => {
    const money = demoValue({ id: 'm', header: 'Amount', field: 'amount', format: 'money' }, 0, {});
    expect(money).toMatch(/^-?\d+\.\d{2}$/);
    expect(Number.isNaN(Date.parse(String(demoValue({ id: 'd', header: 'Created', field: 'created', format: 'date' }, 1, {}))))).toBe(false);
    expect(typeof demoValue({ id: 'n', header: 'Count', field: 'count', format: 'number' }, 2, {})).toBe('number');
    expect(typeof demoValue({ id: 'b', header: 'Enabled', field: 'enabled', format: 'boolean' }, 0, {})).toBe('boolean');
    expect(demoValue({ id: 'e', header: 'Email', field: 'email', format: 'email' }, 0, {})).toMatch(/^[a-z.]+@demo\.test$/);
    expect(demoValue({ id: 't', header: 'Reference', field: 'reference' }, 2, {})).toBe('Reference 3');
  });

  it("shows a badge column's colour-map values in turn, and a select filter's fixed options", () => {
    const badge: TableColumn = { id: 's', header: 'Status', field: 'status', format: 'badge', colorMap: 'status' };
    expect([0, 1, 2].map((index) => demoValue(badge, index, colorMaps))).toEqual(['Pending', 'Verified', 'Pending']);
    const select: TableColumn = { id: 'k', header: 'Kind', field: 'kind', filter: 'select', filterOptions: [{ value: 1, label: 'One' }, { value: 2, label: 'Two' }] };
    expect(demoValue(select, 1, {})).toBe('Two');
  });

  it('shows both colours of a sign-coloured amount', () => {
    const column: TableColumn = { id: 'a', header: 'Amount', field: 'amount', format: 'money', signColor: true };
    const values = [0, 1, 2].map((index) => Number(demoValue(column, index, {})));
    expect(values.some((value) => value > 0) && values.some((value) => value < 0)).toBe(true);
  });

  it('gives a new column a value with no code change, nested where its field says', () => {
    const rows = demoRows(table([{ id: 'new', header: 'Branch', field: 'account.branch.name' }, { id: 'amt', header: 'Sent', field: 'sent', format: 'money', currencyField: 'sentCurrency' }], 'reference'), {}, 2);
    expect(rows[0]).toMatchObject({ reference: 'demo-1', account: { branch: { name: 'Branch 1' } }, sent: '1250.00', sentCurrency: 'GMD' });
    expect(rows[1]).toMatchObject({ reference: 'demo-2', account: { branch: { name: 'Branch 2' } } });
  });

  it('is the same every time', () => {
    const users = config.tables.users;
    expect(users).toBeDefined();
    if (users) expect(demoRows(users, config.colorMaps)).toEqual(demoRows(users, config.colorMaps));
  });
});
