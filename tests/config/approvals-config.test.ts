// check:config on schemas/approvals/<tenant>.json: each mistake a product owner can make in a four-eyes rule is
// reported once at its file and pointer, on a temporary copy of the repository's config.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkConfig, formatProblem } from '../../scripts/check-config.ts';
import { APPROVAL_FACTS } from '../../src/config/check/approvals.ts';
import { APPROVABLE_OPERATIONS } from '../../server/domain/approvals/rules.ts';
import { copyConfig, type ConfigCopy } from './config-copy.ts';

type Rule = { id: string; operationId: string; when?: unknown; approvers: { roles: number[] } };
type ApprovalsFile = { tenant: string; rules: Rule[] };

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.dispose());

const lines = () => checkConfig(copy.root).map(formatProblem);
const editTeller = (edit: (file: ApprovalsFile) => void) => copy.editJson('schemas/approvals/teller.json', (json) => edit(json as unknown as ApprovalsFile));

describe('check:config on approval files', () => {
  it('refuses an operation the gateway cannot hold, naming the four it can', () => {
    editTeller((file) => {
      if (file.rules[0]) file.rules[0].operationId = 'createAdmin';
    });
    expect(lines()).toEqual([expect.stringMatching(/^schemas\/approvals\/teller\.json#\/rules\/0\/operationId: has a value that is not allowed \(use 'createWalletTransaction', 'updateAccountStatus', 'updatePayoutStatuses'.+'republishPayouts'\)$/)]);
  });

  it('refuses an approver role that is no staff role bit', () => {
    editTeller((file) => {
      if (file.rules[0]) file.rules[0].approvers.roles = [4, 8];
    });
    expect(lines()).toEqual([expect.stringMatching(/^schemas\/approvals\/teller\.json#\/rules\/0\/approvers\/roles\/1: 8 is not a staff role \(use 4 \(top admin\), 16 \(mid admin\), 64 \(lower admin\)\)$/)]);
  });

  it('refuses a condition naming a fact the operation does not have', () => {
    editTeller((file) => {
      if (file.rules[0]) file.rules[0].when = { '>': [{ var: 'amount' }, 100] };
    });
    expect(lines()).toEqual(["schemas/approvals/teller.json#/rules/0/when/>/0/var: 'amount' is not a fact of createWalletTransaction (use 'amountMinor' or 'transactionType')"]);
  });

  it('refuses a file named after no tenant, and a tenant field that differs from the file name', () => {
    copy.writeText('schemas/approvals/nowhere.json', JSON.stringify({ $schema: '../meta/approvals.schema.json', tenant: 'nowhere', rules: [{ id: 'a', label: 'A', operationId: 'republishPayouts', approvers: { roles: [4] } }] }));
    editTeller((file) => {
      file.tenant = 'naccug';
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^schemas\/approvals\/nowhere\.json#\/tenant: 'nowhere' is not a tenant of tenants\//),
      "schemas/approvals/teller.json#/tenant: tenant 'naccug' differs from the file name (rename the file to naccug.json or set tenant to 'teller')",
    ]);
  });

  it('the checker\'s facts and the meta-schema name exactly the operations the gateway can hold', () => {
    expect(Object.keys(APPROVAL_FACTS).sort()).toEqual([...APPROVABLE_OPERATIONS].sort());
  });
});
