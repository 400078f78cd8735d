// Issue 24, item 2: every value config names is one the contract (or the RuleContext) says can occur. Each mistake is
// made once in a copy of the repository's config; check:config (and the dev overlay) must fail with the file, the JSON
// pointer and the values to use, and say nothing else.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkConfig, formatProblem } from '../../scripts/check-config.ts';
import { configWatch } from '../../scripts/config-check-plugin.ts';
import { copyConfig, type ConfigCopy } from './config-copy.ts';

type Json = Record<string, unknown>;
interface TableFile {
  defaultSort?: string;
  columns: Json[];
  rowActions: Json[];
}

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

const lines = () => checkConfig(copy.root).map(formatProblem);

describe('a literal a rule compares a variable with is a value that variable takes', () => {
  it('refuses a row rule comparing status with a status the rows never have (COMPLETE for COMPLETED)', () => {
    copy.editJson<TableFile>('schemas/tables/user-transactions.json', (table) => {
      const otp = table.rowActions[0];
      if (otp) otp.visibleForRow = { and: [{ '==': [{ var: 'status' }, 'COMPLETE'] }, { '!=': [{ var: 'serviceName' }, 'Request Money'] }] };
    });
    // As `npm run dev` shows it: the overlay lists the one problem and opens the file at the literal.
    const saved = configWatch(copy.root).changed(path.join(copy.root, 'schemas/tables/user-transactions.json'));
    const overlay = 'send' in saved && saved.send.type === 'error' ? saved.send.err : undefined;
    expect(overlay?.message).toBe(
      'npm run check:config found 1 problem:\nschemas/tables/user-transactions.json#/rowActions/0/visibleForRow/and/0/==/1: "COMPLETE" is not a value status takes (use PENDING, PROCESSING, FAILED, COMPLETED)',
    );
    expect(overlay?.frame).toMatch(/> +\d+ \| +"COMPLETE"/);
  });

  it('refuses a rule comparing a RuleContext key with a value it never holds (a tenant type, where details were opened from, a flag)', () => {
    copy.editJson('schemas/screens/user-details.json', (screen) => {
      const parts = screen.parts as Record<string, Json>;
      parts.transactionsTab = { visible: { '!=': [{ var: 'tenantType' }, 'pay-in'] } };
      parts.statusDropdown = { visible: { and: [{ '!': { var: 'ownProfile' } }, { '!': { in: [{ var: 'openedFrom' }, ['transactions', 'adminTransaction']] } }] } };
      parts.changePassword = { visible: { '==': [{ var: 'ownProfile' }, 'true'] } };
    });
    expect(lines()).toEqual([
      'schemas/screens/user-details.json#/parts/changePassword/visible/==/1: "true" is not a value ownProfile takes (use true, false)',
      'schemas/screens/user-details.json#/parts/statusDropdown/visible/and/1/!/in/1/1: "adminTransaction" is not a value openedFrom takes (use users, transactions, adminTransactions)',
      'schemas/screens/user-details.json#/parts/transactionsTab/visible/!=/1: "pay-in" is not a value tenantType takes (use wallet, payin, payout, payinpayoutservice, bunna, identity)',
    ]);
  });
});

describe('a literal a four-eyes rule compares a fact with is a value the contract gives it', () => {
  it('refuses a status action the status change never sends, and a transaction type no transaction has', () => {
    copy.editJson<{ rules: { when: unknown }[] }>('schemas/approvals/teller.json', (file) => {
      const [topUp, , sanction] = file.rules;
      if (topUp) topUp.when = { and: [{ '==': [{ var: 'transactionType' }, 3] }, { '>=': [{ var: 'amountMinor' }, 100000] }] };
      if (sanction) sanction.when = { '==': [{ var: 'statusAction' }, 33] };
    });
    expect(lines()).toEqual([
      'schemas/approvals/teller.json#/rules/0/when/and/0/==/1: 3 is not a value transactionType takes (use 1, 2, 4, 8, 32, 256)',
      'schemas/approvals/teller.json#/rules/2/when/==/1: 33 is not a value statusAction takes (use 1, 8, 2, -2, 64, -16, 256, -256, 32, -32)',
    ]);
  });
});

describe('a table’s filters and default sort name what its list operation takes', () => {
  it('refuses a select filter option the filter never takes', () => {
    copy.editJson<TableFile>('schemas/tables/user-transactions.json', (table) => {
      const status = table.columns.find((column) => column.id === 'status');
      if (status) status.filterOptions = [...(status.filterOptions as Json[]).slice(0, 3), { value: 'COMPLETE', label: 'Completed' }];
    });
    const index = copy.readJson<TableFile>('schemas/tables/user-transactions.json').columns.findIndex((column) => column.id === 'status');
    expect(lines()).toEqual([
      `schemas/tables/user-transactions.json#/columns/${index}/filterOptions/3/value: filter[status] of listWalletTransactions is never 'COMPLETE' (use 'PENDING', 'PROCESSING', 'FAILED' or 'COMPLETED')`,
    ]);
  });

  it('refuses a default sort no sortable column shows (the list would open in an order no heading says)', () => {
    copy.editJson<TableFile>('schemas/tables/users.json', (table) => {
      const created = table.columns.find((column) => column.id === 'created');
      if (created) delete created.sortable;
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^schemas\/tables\/users\.json#\/defaultSort: no sortable column of this table sorts by 'created' \(use 'account\.accountId', '-account\.accountId', .+, or make the column that shows created sortable\)$/),
    ]);
  });
});
