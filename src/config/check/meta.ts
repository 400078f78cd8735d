// Validates config files against schemas/meta/*.schema.json with ajv. The meta-schemas declare cross-references
// themselves with two keywords, so adding a referencing field is a meta-schema edit:
//   "x-refersTo": "menu" | "table" | "colorMap" | "operation" | "route" | "publicFile" | "flow"   the value must name one
//   "x-rule": "context" | "row"   a json-logic rule over the RuleContext keys, or over the fields of a table's row; a
//                                 literal compared with a key or field is one of its values (./rule-literals.ts)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { ErrorObject, SchemaValidateFunction, ValidateFunction } from 'ajv';
import { CONFIG_KINDS, META_DIR } from '../files.ts';
import type { ConfigKind } from '../files.ts';
import { RULE_CONTEXT_KEYS, ruleReferences } from '../rules.ts';
import { contextLiteralMistakes, recordLiteralMistakes } from './rule-literals.ts';
import { closestFirst, listOf, pointer } from './problems.ts';
import type { Problem } from './problems.ts';

export type ReferenceKind = 'menu' | 'table' | 'colorMap' | 'operation' | 'route' | 'publicFile' | 'flow';

/** What the keywords look names up in; `rowField` is undefined when the contract is not there to ask. */
export interface ReferenceIndex {
  has(kind: ReferenceKind, name: string): boolean | 'unknown';
  known(kind: ReferenceKind): string[];
  rowField?: (operationId: string, field: string) => boolean;
  /** The values the contract says a row field takes, or undefined where it does not fix them. */
  rowFieldValues?: (operationId: string, field: string) => readonly unknown[] | undefined;
}

interface KeywordError extends Partial<ErrorObject> {
  params: { fix: string };
}

const WHERE: Record<ReferenceKind, string> = {
  menu: 'a menu file in schemas/menus/',
  table: 'a table file in schemas/tables/',
  colorMap: 'a map in schemas/tables/color-maps.json',
  operation: 'an operationId of openapi/gateway.yaml',
  route: 'a route of src/config/routes.ts',
  publicFile: 'a file under public/',
  flow: 'a flow the code registers in src/config/registry.ts (FLOWS)',
};

function refersTo(index: ReferenceIndex): SchemaValidateFunction {
  const validate: SchemaValidateFunction = (kind: ReferenceKind, data: unknown) => {
    if (typeof data !== 'string' || index.has(kind, data) !== false) return true;
    const known = closestFirst(data, index.known(kind));
    validate.errors = [
      {
        keyword: 'x-refersTo',
        message: `'${data}' is not ${WHERE[kind]}`,
        params: { fix: known.length > 0 ? `use ${listOf(known, 16)}` : `create it as ${WHERE[kind]}` },
      } satisfies KeywordError,
    ];
    return false;
  };
  return validate;
}

function ruleKeyword(index: ReferenceIndex): SchemaValidateFunction {
  const validate: SchemaValidateFunction = (over: 'context' | 'row', rule: unknown, _schema, context) => {
    const base = context?.instancePath ?? '';
    const root = context?.rootData;
    const operation = root && !Array.isArray(root) && typeof root.operation === 'string' ? root.operation : undefined;
    const errors: KeywordError[] = [];
    for (const reference of ruleReferences(rule)) {
      const at = base + reference.pointer;
      if (reference.kind === 'operator') {
        errors.push({ instancePath: at, message: `unknown json-logic operation '${reference.name}'`, params: { fix: 'use a json-logic operation such as ==, !, and, or, in, var' } });
      } else if (reference.kind === 'dynamicVariable') {
        errors.push({ instancePath: at, message: 'a rule variable must be a literal name', params: { fix: 'write { "var": "<name>" }' } });
      } else if (over === 'context') {
        const key = reference.name.split('.')[0] ?? '';
        if (!(RULE_CONTEXT_KEYS as readonly string[]).includes(key)) {
          errors.push({
            instancePath: at,
            message: `rule names '${reference.name}', which is not a RuleContext key`,
            params: { fix: `use ${listOf(RULE_CONTEXT_KEYS, 20)}` },
          });
        }
      } else if (operation && index.rowField && !index.rowField(operation, reference.name)) {
        errors.push({
          instancePath: at,
          message: `row rule names '${reference.name}', which rows of ${operation} do not have`,
          params: { fix: `use a field of the ${operation} response in openapi/gateway.yaml` },
        });
      }
    }
    const literals = over === 'context' ? contextLiteralMistakes(rule) : operation && index.rowFieldValues ? recordLiteralMistakes(rule, (field) => index.rowFieldValues?.(operation, field)) : [];
    for (const { pointer: at, message, fix } of literals) errors.push({ instancePath: base + at, message, params: { fix } });
    if (errors.length === 0) return true;
    validate.errors = errors.map((error) => ({ keyword: 'x-rule', ...error }));
    return false;
  };
  return validate;
}

export interface MetaSchemas {
  validators: Partial<Record<ConfigKind, ValidateFunction>>;
  problems: Problem[];
  fileCount: number;
}

/** Compiles every meta-schema of `rootDir`; a meta-schema that does not compile is itself a problem. */
export function compileMetaSchemas(rootDir: string, index: ReferenceIndex): MetaSchemas {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false, allowUnionTypes: true });
  ajv.addKeyword({ keyword: 'x-refersTo', schemaType: 'string', validate: refersTo(index), errors: true });
  ajv.addKeyword({ keyword: 'x-rule', schemaType: 'string', validate: ruleKeyword(index), errors: true });
  const dir = join(rootDir, META_DIR);
  const names = readdirSync(dir).filter((name) => name.endsWith('.schema.json')).sort();
  const problems: Problem[] = [];
  for (const name of names) {
    try {
      ajv.addSchema(JSON.parse(readFileSync(join(dir, name), 'utf8')) as object, name);
    } catch (error) {
      problems.push({ file: `${META_DIR}/${name}`, pointer: '', message: errorText(error), fix: 'make it a valid JSON Schema draft-07 document' });
    }
  }
  const validators: Partial<Record<ConfigKind, ValidateFunction>> = {};
  for (const kind of CONFIG_KINDS) {
    const name = `${kind}.schema.json`;
    try {
      const validate = ajv.getSchema(name);
      if (validate) validators[kind] = validate;
      else problems.push({ file: `${META_DIR}/${name}`, pointer: '', message: 'is missing', fix: `restore ${META_DIR}/${name}` });
    } catch (error) {
      problems.push({ file: `${META_DIR}/${name}`, pointer: '', message: errorText(error), fix: 'fix the meta-schema so it compiles' });
    }
  }
  return { validators, problems, fileCount: names.length };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type SchemaNode = Record<string, unknown>;

function node(value: unknown): SchemaNode {
  return typeof value === 'object' && value !== null ? (value as SchemaNode) : {};
}

function describe(parentSchema: unknown, property: string): string | undefined {
  const description = node(node(node(parentSchema).properties)[property]).description;
  return typeof description === 'string' ? description : undefined;
}

/** Turns ajv's errors into problems: the failing place, what is wrong, how to fix it. */
export function toProblems(file: string, errors: ErrorObject[]): Problem[] {
  // A failed anyOf/oneOf says it better than each branch's complaint, and an if's then-branch says more than the if.
  const alternatives = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').map((error) => `${error.schemaPath}/`);
  const relevant = errors.filter(
    (error) => error.keyword !== 'if' && !alternatives.some((prefix) => error.schemaPath.startsWith(prefix)),
  );
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of relevant) {
    const problem = toProblem(file, error);
    const key = `${problem.pointer}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/** Why a companion rule (an if/then of the meta-schema, schemas/README.md "Companion fields") holds: its description. */
function companionReason(error: ErrorObject): string {
  const description = node(error.parentSchema).description;
  return error.schemaPath.includes('/then/') && typeof description === 'string' ? ` (${description})` : '';
}

function toProblem(file: string, error: ErrorObject): Problem {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const schema = node(error.parentSchema);
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const hint = describe(error.parentSchema, missing);
      // A companion field (an if/then of the meta-schema) says why in its branch's description.
      const because = hint ? '' : companionReason(error);
      return { file, pointer: at, message: `missing property '${missing}'${because}`, fix: hint ? `add "${missing}": ${hint}` : `add "${missing}"` };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const allowed = Object.keys(node(schema.properties));
      return {
        file,
        pointer: pointer(at, extra),
        message: `unknown property '${extra}'`,
        fix: allowed.length > 0 ? `remove it or use one of ${listOf(allowed, 20)}` : 'remove it',
      };
    }
    case 'enum':
      return { file, pointer: at, message: `has a value that is not allowed${companionReason(error)}`, fix: `use ${listOf((params.allowedValues as unknown[]).map(String), 20)}` };
    case 'const':
      return { file, pointer: at, message: `must be ${JSON.stringify(params.allowedValue)}${companionReason(error)}`, fix: `set it to ${JSON.stringify(params.allowedValue)}` };
    case 'anyOf':
    case 'oneOf': {
      const branches = Array.isArray(schema[error.keyword]) ? (schema[error.keyword] as unknown[]).map(node) : [];
      const needed = branches.flatMap((branch) => (Object.keys(branch).length === 1 && Array.isArray(branch.required) ? branch.required.map(String) : []));
      if (needed.length > 0 && needed.length === branches.length) {
        return { file, pointer: at, message: `needs ${listOf(needed)}`, fix: `add ${listOf(needed)}` };
      }
      const description = typeof schema.description === 'string' ? schema.description : undefined;
      return { file, pointer: at, message: `does not match any allowed shape`, fix: description ?? 'see the meta-schema named in $schema' };
    }
    case 'pattern':
      // "\\S": the meta-schemas' way to say a text staff read may not be empty or blank.
      if (params.pattern === '\\S') {
        const description = typeof schema.description === 'string' ? schema.description : undefined;
        return { file, pointer: at, message: 'is empty', fix: description ? `write ${description}` : 'write the text staff should read' };
      }
      return { file, pointer: at, message: error.message ?? 'is not valid', fix: typeof schema.description === 'string' ? schema.description : 'see the meta-schema named in $schema' };
    case 'x-refersTo':
    case 'x-rule':
      return { file, pointer: at, message: error.message ?? 'is not valid', fix: String(params.fix) };
    default: {
      const description = typeof schema.description === 'string' ? schema.description : undefined;
      return { file, pointer: at, message: error.message ?? 'is not valid', fix: description ?? 'see the meta-schema named in $schema' };
    }
  }
}
