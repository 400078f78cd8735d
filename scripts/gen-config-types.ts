// `npm run gen:config-types`: writes src/generated/config-types.ts from schemas/meta/*.schema.json, so the config
// file shapes have one source (docs/architecture.md); `--check` fails when the committed file is stale (npm test runs it).
// It reads the subset of JSON Schema the meta-schemas use. Each titled schema becomes a named type (its title in
// PascalCase) and a `$ref` must point at a titled schema; keywords that only validate (pattern, minLength, if/then,
// a subschema that only lists required properties) shape no type.
import { readFileSync, readdirSync } from 'node:fs';
import { writeOrCheck } from './generated-file.ts';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const META_DIR = 'schemas/meta';
const CONFIG_TYPES_FILE = 'src/generated/config-types.ts';

interface JsonSchema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: SchemaNode;
  patternProperties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}
type SchemaNode = boolean | JsonSchema;

/** A type expression; `kind` says whether it needs parentheses inside a union, an intersection or an array. */
interface TypeText {
  text: string;
  kind: 'atom' | 'object' | 'union' | 'intersection';
}

const UNKNOWN: TypeText = { text: 'unknown', kind: 'atom' };
const NEVER: TypeText = { text: 'never', kind: 'atom' };
const atom = (text: string): TypeText => ({ text, kind: 'atom' });

class SchemaTypeError extends Error {}

function pascalCase(title: string): string {
  return title
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function literal(value: unknown, where: string): TypeText {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return atom(JSON.stringify(value));
  throw new SchemaTypeError(`${where}: only string, number, boolean and null constants have a type`);
}

function docComment(text: string | undefined, indent: string): string {
  return text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '';
}

function union(members: TypeText[]): TypeText {
  const texts = [...new Set(members.filter((member) => member.text !== 'never').map((member) => member.text))];
  if (texts.includes('unknown')) return UNKNOWN;
  if (texts.length === 0) return NEVER;
  if (texts.length === 1) return members.find((member) => member.text === texts[0]) ?? NEVER;
  const parts = texts.map((text) => members.find((member) => member.text === text) ?? UNKNOWN);
  return { text: parts.map((part) => (part.kind === 'intersection' ? `(${part.text})` : part.text)).join(' | '), kind: 'union' };
}

/** `unknown` members say nothing (a validation-only subschema), so they drop out. */
function intersection(members: TypeText[]): TypeText {
  const parts = members.filter((member) => member.text !== 'unknown');
  if (parts.length === 0) return UNKNOWN;
  if (parts.length === 1) return parts[0] ?? UNKNOWN;
  return { text: parts.map((part) => (part.kind === 'union' ? `(${part.text})` : part.text)).join(' & '), kind: 'intersection' };
}

function arrayOf(item: TypeText): TypeText {
  return atom(item.kind === 'union' || item.kind === 'intersection' ? `(${item.text})[]` : `${item.text}[]`);
}

interface NamedType {
  name: string;
  file: string;
  /** `file#/json/pointer` of the schema, for error messages. */
  where: string;
  schema: JsonSchema;
}

/** Generates the TypeScript source for the meta-schemas `files` (file name → parsed schema). */
export function generateConfigTypes(files: ReadonlyMap<string, JsonSchema>): string {
  const named = new Map<JsonSchema, NamedType>();
  const byName = new Map<string, NamedType>();
  const queue: NamedType[] = [];

  function nameOf(schema: JsonSchema, file: string, where: string): string {
    const known = named.get(schema);
    if (known) return known.name;
    if (!schema.title) throw new SchemaTypeError(`${where}: has no title; give it one (the title names its type)`);
    const name = pascalCase(schema.title);
    const clash = byName.get(name);
    if (clash) throw new SchemaTypeError(`${where}: title '${schema.title}' names type ${name}, which ${clash.file} already names; choose another title`);
    const entry = { name, file, where, schema };
    named.set(schema, entry);
    byName.set(name, entry);
    queue.push(entry);
    return name;
  }

  function resolve(ref: string, file: string, where: string): { node: SchemaNode; file: string; where: string } | undefined {
    if (/^[a-z]+:/i.test(ref)) return undefined;
    const [target = '', pointer = ''] = ref.split('#');
    const targetFile = target === '' ? file : target;
    let node: unknown = files.get(targetFile);
    if (node === undefined) throw new SchemaTypeError(`${where}: $ref '${ref}' names no file in ${META_DIR}/`);
    for (const token of pointer.split('/').filter(Boolean)) {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
      if (node === undefined) throw new SchemaTypeError(`${where}: $ref '${ref}' points at nothing`);
    }
    return { node: node as SchemaNode, file: targetFile, where: `${targetFile}#${pointer}` };
  }

  function objectType(schema: JsonSchema, file: string, where: string, depth: number): TypeText {
    const indent = '  '.repeat(depth + 1);
    const required = new Set(schema.required ?? []);
    const lines: string[] = [];
    const propertyTypes: TypeText[] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const type = typeOf(property, file, `${where}/properties/${name}`, depth + 1);
      propertyTypes.push(type);
      const description = typeof property === 'object' ? property.description : undefined;
      lines.push(`${docComment(description, indent)}${indent}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${type.text};`);
    }
    const extra: TypeText[] = [];
    if (schema.additionalProperties !== false) {
      extra.push(schema.additionalProperties === undefined ? UNKNOWN : typeOf(schema.additionalProperties, file, `${where}/additionalProperties`, depth + 1));
    }
    for (const [pattern, property] of Object.entries(schema.patternProperties ?? {})) {
      extra.push(typeOf(property, file, `${where}/patternProperties/${pattern}`, depth + 1));
    }
    if (extra.length > 0) {
      // An index signature must admit every declared property too.
      const index = union(lines.length > 0 ? [...extra, ...propertyTypes] : extra);
      if (lines.length === 0) return { text: `{ [key: string]: ${index.text} }`, kind: 'object' };
      lines.push(`${indent}[key: string]: ${index.text};`);
    }
    return { text: `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`, kind: 'object' };
  }

  function typeOfType(type: string, schema: JsonSchema, file: string, where: string, depth: number): TypeText {
    switch (type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
        return atom(type);
      case 'integer':
        return atom('number');
      case 'array': {
        const items = schema.items;
        if (Array.isArray(items)) throw new SchemaTypeError(`${where}/items: tuple items are not supported`);
        return arrayOf(items === undefined ? UNKNOWN : typeOf(items, file, `${where}/items`, depth));
      }
      case 'object':
        return objectType(schema, file, where, depth);
      default:
        throw new SchemaTypeError(`${where}/type: unknown type '${type}'`);
    }
  }

  function typeOf(node: SchemaNode, file: string, where: string, depth: number, body = false): TypeText {
    if (node === true) return UNKNOWN;
    if (node === false) return NEVER;
    if (node.$ref !== undefined) {
      const target = resolve(node.$ref, file, where);
      if (!target) return UNKNOWN;
      if (typeof target.node === 'boolean') return typeOf(target.node, target.file, where, depth);
      return atom(nameOf(target.node, target.file, target.where));
    }
    if (!body && node.title !== undefined) return atom(nameOf(node, file, where));

    let base: TypeText;
    if ('const' in node) base = literal(node.const, `${where}/const`);
    else if (node.enum) base = union(node.enum.map((value, index) => literal(value, `${where}/enum/${index}`)));
    else {
      const types = typeof node.type === 'string' ? [node.type] : (node.type ?? []);
      if (types.length === 0 && (node.properties || node.additionalProperties !== undefined || node.patternProperties)) types.push('object');
      base = types.length === 0 ? UNKNOWN : union(types.map((type) => typeOfType(type, node, file, where, depth)));
    }
    const members = (keyword: 'anyOf' | 'oneOf' | 'allOf') =>
      (node[keyword] ?? []).map((member, index) => typeOf(member, file, `${where}/${keyword}/${index}`, depth));
    return intersection([
      base,
      node.anyOf ? union(members('anyOf')) : UNKNOWN,
      node.oneOf ? union(members('oneOf')) : UNKNOWN,
      ...members('allOf'),
    ]);
  }

  for (const [file, schema] of [...files].sort(([a], [b]) => a.localeCompare(b))) nameOf(schema, file, `${file}#`);

  const declarations = new Map<string, string[]>();
  for (let next = queue.shift(); next; next = queue.shift()) {
    const type = typeOf(next.schema, next.file, next.where, 0, true);
    const declaration =
      type.kind === 'object' && type.text.startsWith('{\n') ? `export interface ${next.name} ${type.text}` : `export type ${next.name} = ${type.text};`;
    const list = declarations.get(next.file) ?? [];
    list.push(`${docComment(next.schema.description, '')}${declaration}`);
    declarations.set(next.file, list);
  }

  const sections = [...declarations]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, list]) => `// ${META_DIR}/${file}\n\n${list.join('\n\n')}`);
  return [
    `// Generated by scripts/gen-config-types.ts from ${META_DIR}/*.schema.json: do not edit; run npm run gen:config-types.`,
    ...sections,
  ].join('\n\n') + '\n';
}

/** The meta-schemas under `rootDir`, by file name. */
function readMetaSchemas(rootDir: string = repositoryRoot): Map<string, JsonSchema> {
  const dir = path.join(rootDir, META_DIR);
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => [name, JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as JsonSchema]),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeOrCheck(repositoryRoot, CONFIG_TYPES_FILE, generateConfigTypes(readMetaSchemas()), 'npm run gen:config-types');
}
