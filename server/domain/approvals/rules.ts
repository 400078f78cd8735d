// Four-eyes rules as data: schemas/approvals/<tenant>.json (meta-schema schemas/meta/approvals.schema.json, checked
// by check:config). A tenant without a file holds nothing back. The condition is json-logic over the facts of the
// request (facts.ts names them per operation); approvers are role bits of the same tenant, optionally of the maker's
// group, and the admin tenant's top admin acting inside the tenant only where the rule names them; never the maker,
// never the person the action is about.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsonLogic from 'json-logic-js';
import { fromRoot } from '../../paths.ts';

export const DEFAULT_APPROVALS_DIR = fromRoot('schemas', 'approvals');

/** The operations the gateway can hold for approval: those whose facts it knows (facts.ts). */
export const APPROVABLE_OPERATIONS = ['createWalletTransaction', 'updateAccountStatus', 'updatePayoutStatuses', 'republishPayouts'] as const;
export type ApprovableOperation = (typeof APPROVABLE_OPERATIONS)[number];

export function isApprovable(operationId: string): operationId is ApprovableOperation {
  return (APPROVABLE_OPERATIONS as readonly string[]).includes(operationId);
}

export interface Approvers {
  roles: number[];
  sameGroup: boolean;
  /** The admin tenant's top admin, acting inside this tenant, may decide too (absent on approvals stored before it). */
  adminTenantTopAdmin?: boolean;
}

export interface ApprovalRule {
  id: string;
  operationId: ApprovableOperation;
  /** json-logic over the request's facts; absent: always. */
  when?: jsonLogic.RulesLogic;
  approvers: Approvers;
}

/** tenant id → its rules. */
export type ApprovalRules = ReadonlyMap<string, readonly ApprovalRule[]>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRule(value: unknown, where: string): ApprovalRule {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.operationId !== 'string' || !isApprovable(value.operationId)) {
    throw new Error(`${where}: each rule needs an id and an operationId out of ${APPROVABLE_OPERATIONS.join(', ')} (npm run check:config says more).`);
  }
  const approvers = value.approvers;
  if (!isRecord(approvers) || !Array.isArray(approvers.roles) || !approvers.roles.every((role) => typeof role === 'number')) {
    throw new Error(`${where}: rule ${value.id} needs approvers.roles (npm run check:config says more).`);
  }
  return {
    id: value.id,
    operationId: value.operationId,
    ...(value.when === undefined ? {} : { when: value.when as jsonLogic.RulesLogic }),
    approvers: { roles: approvers.roles as number[], sameGroup: approvers.sameGroup === true, adminTenantTopAdmin: approvers.adminTenantTopAdmin === true },
  };
}

/** Reads every `<tenant>.json` of `dir`; a missing folder holds no rules. */
export function loadApprovalRules(dir: string = DEFAULT_APPROVALS_DIR): ApprovalRules {
  const rules = new Map<string, ApprovalRule[]>();
  if (!existsSync(dir)) return rules;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.json')).sort()) {
    const file: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    const where = `schemas/approvals/${name}`;
    if (!isRecord(file) || !Array.isArray(file.rules)) throw new Error(`${where}: needs a rules list.`);
    rules.set(name.slice(0, -'.json'.length), file.rules.map((rule) => parseRule(rule, where)));
  }
  return rules;
}

/** The first rule of the tenant for this operation whose condition holds on the facts. */
export function matchingRule(rules: ApprovalRules, tenantId: string, operationId: string, facts: Record<string, unknown>): ApprovalRule | undefined {
  return rules.get(tenantId)?.find((rule) => rule.operationId === operationId && (rule.when === undefined || jsonLogic.truthy(jsonLogic.apply(rule.when, facts))));
}

/** Whether the tenant has any rule for the operation (so the facts are worth reading). */
export function hasRuleFor(rules: ApprovalRules, tenantId: string, operationId: string): boolean {
  return rules.get(tenantId)?.some((rule) => rule.operationId === operationId) ?? false;
}
