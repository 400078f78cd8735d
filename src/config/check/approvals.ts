// Four-eyes approval files (schemas/approvals/<tenant>.json) against the tenants, the contract and the role bits:
// the meta-schema holds the operations the gateway can hold; this adds what spans files or needs the contract.
import { baseName } from '../files.ts';
import { ROLES, ruleReferences } from '../rules.ts';
import type { Contract } from './contract.ts';
import type { CrossCheckInput } from './cross-check-input.ts';
import { recordLiteralMistakes } from './rule-literals.ts';
import { listOf } from './problems.ts';
import type { Problem } from './problems.ts';

interface ApprovalRuleFile {
  tenant: string;
  rules: Array<{ id: string; operationId: string; when?: unknown; approvers: { roles: number[]; sameGroup?: boolean } }>;
}

/** The facts the gateway reads for each operation (server/domain/approvals/facts.ts), i.e. a `when` rule's variables. */
export const APPROVAL_FACTS: Readonly<Record<string, readonly string[]>> = {
  createWalletTransaction: ['amountMinor', 'transactionType'],
  updateAccountStatus: ['statusAction'],
  updatePayoutStatuses: ['count', 'statusCode'],
  republishPayouts: ['count'],
};

/** Where the contract lists the values a fact takes: the request attribute it is read from, or the field of the kind it is. */
const FACT_VALUES: Readonly<Record<string, Readonly<Record<string, (contract: Contract) => readonly unknown[] | undefined>>>> = {
  // The kind of the wallet transaction (server/domain/wallet/kinds.ts), a transaction type of the wallet's list.
  createWalletTransaction: { transactionType: (contract) => contract.rowFieldValues('listWalletTransactions', 'type') },
  // The status action is the body's status (server/domain/approvals/facts.ts statusFacts).
  updateAccountStatus: { statusAction: (contract) => requestValues(contract, 'updateAccountStatus', 'status') },
};

function requestValues(contract: Contract, operationId: string, attribute: string): readonly unknown[] | undefined {
  const schemas = contract.requestBody(operationId)?.attributes.get(attribute);
  const values = schemas ? contract.limits(schemas).enum : undefined;
  return Array.isArray(values) ? values : undefined;
}

/** Staff role bits: an end user (256) never approves. */
const APPROVER_ROLES = Object.keys(ROLES).map(Number).filter((role) => role !== 256);

export function checkApprovals(input: CrossCheckInput): Problem[] {
  const problems: Problem[] = [];
  const tenants = new Set(input.set.tenants.map((tenant) => tenant.id));
  for (const [path, json] of Object.entries(input.files)) {
    if (input.kinds[path] !== 'approvals' || !input.valid.has(path)) continue;
    const file = path.slice(1);
    const approvals = json as ApprovalRuleFile;
    if (approvals.tenant !== baseName(path)) {
      problems.push({ file, pointer: '/tenant', message: `tenant '${approvals.tenant}' differs from the file name`, fix: `rename the file to ${approvals.tenant}.json or set tenant to '${baseName(path)}'` });
    } else if (!tenants.has(approvals.tenant)) {
      problems.push({ file, pointer: '/tenant', message: `'${approvals.tenant}' is not a tenant of tenants/`, fix: `use ${listOf([...tenants].sort(), 20)}` });
    }
    const ids = new Set<string>();
    approvals.rules.forEach((rule, index) => {
      const at = `/rules/${index}`;
      if (ids.has(rule.id)) problems.push({ file, pointer: `${at}/id`, message: `rule id '${rule.id}' is used twice`, fix: 'give each rule its own id' });
      ids.add(rule.id);
      if (input.contract && !input.contract.operations.has(rule.operationId)) {
        problems.push({ file, pointer: `${at}/operationId`, message: `'${rule.operationId}' is not an operationId of openapi/gateway.yaml`, fix: `use ${listOf(Object.keys(APPROVAL_FACTS))}` });
      }
      const facts = APPROVAL_FACTS[rule.operationId] ?? [];
      for (const reference of ruleReferences(rule.when)) {
        const where = `${at}/when${reference.pointer}`;
        if (reference.kind === 'operator') problems.push({ file, pointer: where, message: `unknown json-logic operation '${reference.name}'`, fix: 'use a json-logic operation such as ==, >, and, or, in, var' });
        else if (reference.kind === 'dynamicVariable') problems.push({ file, pointer: where, message: 'a rule variable must be a literal name', fix: 'write { "var": "<name>" }' });
        else if (!facts.includes(reference.name)) {
          problems.push({ file, pointer: where, message: `'${reference.name}' is not a fact of ${rule.operationId}`, fix: `use ${listOf(facts)}` });
        }
      }
      const { contract } = input;
      if (contract) {
        for (const mistake of recordLiteralMistakes(rule.when, (fact) => FACT_VALUES[rule.operationId]?.[fact]?.(contract))) {
          problems.push({ file, pointer: `${at}/when${mistake.pointer}`, message: mistake.message, fix: mistake.fix });
        }
      }
      rule.approvers.roles.forEach((role, roleIndex) => {
        if (!APPROVER_ROLES.includes(role)) {
          problems.push({ file, pointer: `${at}/approvers/roles/${roleIndex}`, message: `${role} is not a staff role`, fix: `use ${APPROVER_ROLES.map((bit) => `${bit} (${ROLES[bit as keyof typeof ROLES]})`).join(', ')}` });
        }
      });
    });
  }
  return problems;
}
