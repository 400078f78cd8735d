// The fields a form file declares, read from its JSON Schema: the request body builder sends them and the config
// checker compares them with the contract, so both agree on what a form's fields are.
import { formats, type FormatName } from '../lib/validator-runtime.ts';
import { isJson, type Json } from './json.ts';
import type { FormConfig } from './types.ts';

/** The JSON Schema formats a form field may carry: the ones the precompiled validators implement (src/lib/validator-runtime.ts). */
export const FORM_FORMATS = Object.keys(formats) as FormatName[];

export interface FormField {
  name: string;
  /** JSON pointer of its first declaration in the form file, e.g. /schema/properties/role or /schema/allOf/0/else/properties/group. */
  pointer: string;
  /** Every declaration of the field (the root one and those of conditional branches), `if` conditions left out. */
  declarations: Json[];
}

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function collect(schema: unknown, at: string, fields: Map<string, FormField>, condition: boolean): void {
  if (!isJson(schema)) return;
  if (isJson(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!isJson(property)) continue;
      const field = fields.get(name) ?? { name, pointer: `${at}/properties/${escape(name)}`, declarations: [] };
      if (!condition) field.declarations.push(property);
      fields.set(name, field);
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) branches.forEach((branch, index) => collect(branch, `${at}/${key}/${index}`, fields, condition));
  }
  collect(schema.if, `${at}/if`, fields, true);
  collect(schema.then, `${at}/then`, fields, condition);
  collect(schema.else, `${at}/else`, fields, condition);
  if (isJson(schema.dependencies)) {
    for (const [name, dependency] of Object.entries(schema.dependencies)) collect(dependency, `${at}/dependencies/${escape(name)}`, fields, condition);
  }
}

/** Every field of a form schema, in properties and in allOf/anyOf/oneOf/if/then/else/dependencies, by name. */
export function formFields(schema: unknown, at = '/schema'): Map<string, FormField> {
  const fields = new Map<string, FormField>();
  collect(schema, at, fields, false);
  return fields;
}

function collectRequired(schema: unknown, names: Set<string>): void {
  if (!isJson(schema)) return;
  if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === 'string') names.add(name);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) collectRequired(branch, names);
  }
  collectRequired(schema.then, names);
  collectRequired(schema.else, names);
}

/** Fields the form requires always or in some case: its required lists (conditional branches too) and `rules.<field>.required`. */
export function requiredFields(form: Pick<FormConfig, 'schema' | 'rules'>): Set<string> {
  const names = new Set<string>();
  collectRequired(form.schema, names);
  for (const [name, rules] of Object.entries(form.rules ?? {})) if (rules.required !== undefined) names.add(name);
  return names;
}

/** The subschemas of a schema object with their pointers: properties, branches, items, conditions, definitions. */
export function schemaChildren(node: Json, at: string): [Json, string][] {
  const found: [Json, string][] = [];
  const add = (value: unknown, where: string) => {
    if (isJson(value)) found.push([value, where]);
  };
  for (const key of ['properties', 'patternProperties', 'dependencies', 'definitions']) {
    const map = node[key];
    if (isJson(map)) for (const [name, value] of Object.entries(map)) add(value, `${at}/${key}/${escape(name)}`);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((value, index) => add(value, `${at}/${key}/${index}`));
  }
  for (const key of ['items', 'not', 'if', 'then', 'else', 'additionalProperties', 'contains']) add(node[key], `${at}/${key}`);
  if (Array.isArray(node.items)) node.items.forEach((value, index) => add(value, `${at}/items/${index}`));
  return found;
}
