// The literals a rule compares a variable with (src/config/rules.ts comparedLiterals), held to the values that
// variable can take: a RuleContext key of a closed type (a role, a tenant type, where a user's details were opened
// from, a flag), or a row field whose values the contract fixes. A literal it never takes makes the rule silently
// always false (or always true): `{ "==": [{ "var": "status" }, "COMPLETE"] }` where the statuses are COMPLETED….
import tenantSchema from '../../../schemas/meta/tenant.schema.json' with { type: 'json' };
import { EMPTY_RULE_CONTEXT, OPENED_FROM, ROLES, comparedLiterals, isRole, type RuleContext, type TenantType } from '../rules.ts';

export interface LiteralMistake {
  /** JSON pointer of the literal inside the rule. */
  pointer: string;
  message: string;
  fix: string;
}

/** The type of one value of a key: a list key's element, else the key's type without the null of "nothing known". */
type ValueOf<K extends keyof RuleContext> = RuleContext[K] extends readonly (infer E)[] ? E : NonNullable<RuleContext[K]>;

const ROLE_VALUES = Object.keys(ROLES).map(Number);
const FLAG = [true, false] as const;

/** The values of each RuleContext key of a closed type; tenant (any tenant's id) and path (any address) are open.
 * schemas/README.md lists them (npm run gen:config-docs). */
export const RULE_CONTEXT_VALUES: { readonly [K in keyof RuleContext]?: readonly ValueOf<K>[] } = {
  role: ROLE_VALUES,
  roles: ROLE_VALUES,
  // The generated TenantType is this enum (scripts/gen-config-types.ts reads the meta-schema).
  tenantType: tenantSchema.properties.type.enum as TenantType[],
  isAdminTenant: FLAG,
  isMainTenant: FLAG,
  ownProfile: FLAG,
  newRecord: FLAG,
  openedFrom: OPENED_FROM,
  payoutAdmin: FLAG,
};

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function notTaken(variable: string, value: unknown, values: readonly unknown[]): Omit<LiteralMistake, 'pointer'> {
  return { message: `${JSON.stringify(value)} is not a value ${variable} takes`, fix: `use ${values.map(shown).join(', ')}` };
}

function isKey(name: string): name is keyof RuleContext {
  return Object.hasOwn(EMPTY_RULE_CONTEXT, name);
}

/** Every literal of a RuleContext rule that its key never holds (null is what a key holds when nothing is known). */
export function contextLiteralMistakes(rule: unknown): LiteralMistake[] {
  return comparedLiterals(rule).flatMap(({ pointer, variable, value, inside }): LiteralMistake[] => {
    if (!isKey(variable)) return [];
    const values: readonly unknown[] | undefined = RULE_CONTEXT_VALUES[variable];
    const empty = EMPTY_RULE_CONTEXT[variable];
    // Inside a text (`{ "in": ["/admin", { "var": "path" }] }`) any part of it may be asked for.
    if (!values || (inside && !Array.isArray(empty)) || (value === null && empty === null)) return [];
    if (variable === 'role' || variable === 'roles') {
      if (isRole(value)) return [];
      return [{ pointer, message: `${JSON.stringify(value)} is not a role`, fix: `use a role: ${Object.entries(ROLES).map(([role, name]) => `${role} (${name})`).join(', ')}` }];
    }
    return values.includes(value) ? [] : [{ pointer, ...notTaken(variable, value, values) }];
  });
}

/**
 * Every literal of a rule over a record (a table row, a held request's facts) that its field never holds, by
 * `valuesOf` (the contract's values of the field; undefined where it does not fix them). A null or a part of a text is
 * left alone: a record may lack a field.
 */
export function recordLiteralMistakes(rule: unknown, valuesOf: (field: string) => readonly unknown[] | undefined): LiteralMistake[] {
  return comparedLiterals(rule).flatMap(({ pointer, variable, value, inside }): LiteralMistake[] => {
    if (inside || value === null) return [];
    const values = valuesOf(variable);
    return !values || values.includes(value) ? [] : [{ pointer, ...notTaken(variable, value, values) }];
  });
}
