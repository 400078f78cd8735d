// Who sees and may do what is data: json-logic rules in config, evaluated against one context (docs/architecture.md).
import jsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';
import type { Rule, TenantType } from '../generated/config-types.ts';

export type { Rule, TenantType };
/** Where a user's details were opened from (RuleContext.openedFrom). */
export const OPENED_FROM = ['users', 'transactions', 'adminTransactions'] as const;
export type OpenedFrom = (typeof OPENED_FROM)[number];

/** What a rule may ask about (docs/decisions.md, "Config file shapes"). */
export interface RuleContext {
  /** The account role: 4 top admin, 16 mid admin, 64 lower admin, 256 end user. */
  role: number | null;
  roles: number[];
  /** Id of the selected tenant. */
  tenant: string | null;
  tenantType: TenantType | null;
  /** The user's tenant is the admin tenant (the sign-in answer's adminTenant, the tenant's admin flag). */
  isAdminTenant: boolean;
  /** The selected tenant is the main wallet tenant. */
  isMainTenant: boolean;
  ownProfile: boolean;
  newRecord: boolean;
  openedFrom: OpenedFrom | null;
  payoutAdmin: boolean;
  /** Current location path, e.g. /admin/tenants. */
  path: string;
}

export const RULE_CONTEXT_KEYS = [
  'role',
  'roles',
  'tenant',
  'tenantType',
  'isAdminTenant',
  'isMainTenant',
  'ownProfile',
  'newRecord',
  'openedFrom',
  'payoutAdmin',
  'path',
] as const satisfies readonly (keyof RuleContext)[];

/** What each key means, for the product owners' reference (schemas/README.md, npm run gen:config-docs). */
export const RULE_CONTEXT_MEANINGS: Record<(typeof RULE_CONTEXT_KEYS)[number], string> = {
  role: 'the signed-in staff member\'s role: 4 top admin, 16 mid (group) admin, 64 lower admin (field officer), 256 end user',
  roles: 'all the staff member\'s roles, a list',
  tenant: 'the id of the tenant in use (its file name in tenants/), or null',
  tenantType: 'the type of the tenant in use: wallet, payin, payout, payinpayoutservice, bunna or identity',
  isAdminTenant: 'the session is the admin tenant\'s (its token carries the claim dssc)',
  isMainTenant: 'the tenant in use is the main wallet tenant ("main": true in its file)',
  ownProfile: 'the user shown is the signed-in staff member',
  newRecord: 'the form creates a record rather than editing one',
  openedFrom: 'where a user\'s details were opened from: users, transactions, adminTransactions, or null',
  payoutAdmin: 'the payout admin: role 4 in a tenant marked "payoutAdmin": true (remittances-and-payouts §6)',
  path: 'the address shown, e.g. /admin/tenants',
};

// Fails to compile when RuleContext gains a key that RULE_CONTEXT_KEYS lacks.
type MissingKeys = Exclude<keyof RuleContext, (typeof RULE_CONTEXT_KEYS)[number]>;
const allKeysListed: MissingKeys extends never ? true : never = true;
void allKeysListed;

/** The account roles a rule may compare role and roles with (docs/decisions.md, "Roles and statuses"). */
export const ROLES = { 4: 'top admin', 16: 'mid admin', 64: 'lower admin', 256: 'end user' } as const;

/** The json-logic operations config may use ('method' and 'log' are left out on purpose). */
export const RULE_OPERATORS: readonly string[] = [
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and',
  '>', '>=', '<', '<=', 'max', 'min', '+', '-', '*', '/', '%',
  'map', 'filter', 'reduce', 'all', 'none', 'some', 'merge', 'in', 'cat', 'substr',
];

/** A context with nothing known: no role, no tenant, every flag false. */
export const EMPTY_RULE_CONTEXT: RuleContext = {
  role: null,
  roles: [],
  tenant: null,
  tenantType: null,
  isAdminTenant: false,
  isMainTenant: false,
  ownProfile: false,
  newRecord: false,
  openedFrom: null,
  payoutAdmin: false,
  path: '/',
};

export function ruleContext(known: Partial<RuleContext>): RuleContext {
  return { ...EMPTY_RULE_CONTEXT, ...known };
}

/** Evaluates a rule; a missing rule allows. Truthiness follows json-logic (an empty array is false). */
export function evaluateRule(rule: Rule | undefined, ctx: RuleContext | Record<string, unknown>): boolean {
  if (rule === undefined) return true;
  if (typeof rule === 'boolean') return rule;
  return jsonLogic.truthy(jsonLogic.apply(rule as RulesLogic, ctx));
}

export interface RuleReference {
  /** JSON pointer inside the rule. */
  pointer: string;
  kind: 'variable' | 'operator' | 'dynamicVariable';
  /** The variable path or operator name. */
  name: string;
}

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

// In these operations every argument after the first is evaluated per element, where var names the element.
const PER_ELEMENT = new Set(['map', 'filter', 'all', 'none', 'some', 'reduce']);

/** The variables and operators a rule names, for the config checker. */
export function ruleReferences(rule: unknown, pointer = ''): RuleReference[] {
  if (Array.isArray(rule)) return rule.flatMap((item, index) => ruleReferences(item, `${pointer}/${index}`));
  if (rule === null || typeof rule !== 'object') return [];
  const entries = Object.entries(rule);
  if (entries.length !== 1) return [];
  const [operator, operand] = entries[0] as [string, unknown];
  const here = `${pointer}/${escapePointer(operator)}`;
  if (!RULE_OPERATORS.includes(operator)) return [{ pointer, kind: 'operator', name: operator }];
  if (operator === 'var') {
    const name = Array.isArray(operand) ? operand[0] : operand;
    const namePointer = Array.isArray(operand) ? `${here}/0` : here;
    if (typeof name === 'string' || typeof name === 'number') return [{ pointer: namePointer, kind: 'variable', name: String(name) }];
    return [{ pointer: namePointer, kind: 'dynamicVariable', name: JSON.stringify(name) }];
  }
  if (PER_ELEMENT.has(operator) && Array.isArray(operand)) {
    const [collection, perElement, initial] = operand as unknown[];
    const elementOperators = ruleReferences(perElement, `${here}/1`).filter((reference) => reference.kind === 'operator');
    const references = [...ruleReferences(collection, `${here}/0`), ...elementOperators];
    return operator === 'reduce' ? [...references, ...ruleReferences(initial, `${here}/2`)] : references;
  }
  return ruleReferences(operand, here);
}

export interface ComparedLiteral {
  /** JSON pointer of the literal inside the rule. */
  pointer: string;
  /** The variable it is compared with, e.g. status or account.statusName. */
  variable: string;
  value: unknown;
  /** The literal is looked for inside the variable's value (`{ "in": [64, { "var": "roles" }] }`: a member of a list,
   * or part of a text) rather than compared with it. */
  inside: boolean;
}

const COMPARISONS = new Set(['==', '===', '!=', '!==']);

function variableOf(operand: unknown): string | undefined {
  if (operand === null || typeof operand !== 'object' || Array.isArray(operand)) return undefined;
  const variable = (operand as Record<string, unknown>).var;
  const name = Array.isArray(variable) ? variable[0] : variable;
  return typeof name === 'string' ? name : undefined;
}

function isLiteral(operand: unknown): boolean {
  return operand === null || typeof operand !== 'object';
}

/**
 * The literals a rule compares a variable with, for the checker to hold them to the values the variable takes:
 * `{ "==": [{ "var": "status" }, "PENDING"] }` (either side, and ===, !=, !==), `{ "in": [{ "var": "role" }, [4, 64]] }`
 * (each listed value) and `{ "in": [64, { "var": "roles" }] }` (inside).
 */
export function comparedLiterals(rule: unknown, pointer = ''): ComparedLiteral[] {
  if (Array.isArray(rule)) return rule.flatMap((item, index) => comparedLiterals(item, `${pointer}/${index}`));
  if (rule === null || typeof rule !== 'object') return [];
  const entries = Object.entries(rule);
  if (entries.length !== 1) return [];
  const [operator, operand] = entries[0] as [string, unknown];
  const here = `${pointer}/${escapePointer(operator)}`;
  const found: ComparedLiteral[] = [];
  if (Array.isArray(operand) && operand.length === 2) {
    const [left, right] = operand as [unknown, unknown];
    const [leftName, rightName] = [variableOf(left), variableOf(right)];
    if (COMPARISONS.has(operator)) {
      if (leftName !== undefined && isLiteral(right)) found.push({ pointer: `${here}/1`, variable: leftName, value: right, inside: false });
      if (rightName !== undefined && isLiteral(left)) found.push({ pointer: `${here}/0`, variable: rightName, value: left, inside: false });
    } else if (operator === 'in') {
      if (leftName !== undefined && Array.isArray(right)) {
        right.forEach((value, index) => {
          if (isLiteral(value)) found.push({ pointer: `${here}/1/${index}`, variable: leftName, value, inside: false });
        });
      }
      if (rightName !== undefined && isLiteral(left)) found.push({ pointer: `${here}/0`, variable: rightName, value: left, inside: true });
    }
  }
  return [...found, ...comparedLiterals(operand, here)];
}

export function isRole(value: unknown): boolean {
  return typeof value === 'number' && Object.hasOwn(ROLES, value);
}
