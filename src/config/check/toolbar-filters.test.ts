// Toolbar filters (schemas/tables/*.json toolbarFilters) are checked like columns: the rule's context keys, the
// contract's filter parameter, the options source's row fields, and ids unique among columns and filters.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyConfig, type ConfigCopy } from '../../../tests/config/config-copy.ts';
import { checkConfig, formatProblem } from './index.ts';

type TableFile = { toolbarFilters: Record<string, unknown>[] };

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

const lines = () => checkConfig(copy.root).map(formatProblem);
const editRoleFilter = (edit: (filter: Record<string, unknown>) => void) =>
  copy.editJson<TableFile>('schemas/tables/admins.json', (table) => {
    const filter = table.toolbarFilters[0];
    if (!filter) throw new Error('admins.json has no toolbar filter');
    edit(filter);
  });

describe('[UW-6.22] check:config on the admin lists’ role filter', () => {
  it('names a visible rule over a key the RuleContext lacks', () => {
    editRoleFilter((filter) => {
      filter.visible = { '==': [{ var: 'networkAdmin' }, true] };
    });
    expect(lines()).toEqual([expect.stringMatching(/^schemas\/tables\/admins\.json#\/toolbarFilters\/0\/visible.*rule names 'networkAdmin', which is not a RuleContext key/)]);
  });

  it('names a filter key the operation does not take and an options field its rows lack', () => {
    editRoleFilter((filter) => {
      filter.filterKey = 'account.role';
      filter.filterOptions = { operation: 'listRoles', value: 'roleId', label: 'name' };
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^schemas\/tables\/admins\.json#\/toolbarFilters\/0\/filterKey: listUsers takes no filter\[account\.role\]/),
      expect.stringMatching(/^schemas\/tables\/admins\.json#\/toolbarFilters\/0\/filterOptions\/value: rows of listRoles have no field 'roleId'/),
    ]);
  });

  it('names an id a column already has', () => {
    editRoleFilter((filter) => {
      filter.id = 'status';
    });
    expect(lines()).toEqual([expect.stringMatching(/^schemas\/tables\/admins\.json#\/toolbarFilters\/0\/id: id 'status' is also a column's/)]);
  });
});
