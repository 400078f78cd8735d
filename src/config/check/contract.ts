// Reads openapi/gateway.yaml for the config checker: operations by operationId, their query parameters, and
// whether a flattened JSON:API row (src/api/jsonapi.ts) of a list operation has a given field path.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isJson, type Json } from '../json.ts';

export const CONTRACT_FILE = 'openapi/gateway.yaml';

type Node = Json;

export interface QueryParameter {
  name: string;
  schema: Node;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: QueryParameter[];
  /** The JSON schema of the first 2xx JSON response, $refs unresolved. */
  response?: unknown;
  /** The request body's schema and media type, $refs unresolved. */
  request?: { mediaType: string; schema: unknown };
}

/** What a request body accepts: data.attributes of a JSON:API body, else the body's own properties (multipart). */
export interface RequestBody {
  mediaType: string;
  /** Attribute name -> its schemas (one per alternative that declares it). */
  attributes: Map<string, unknown[]>;
  required: Set<string>;
  /** No attribute beyond those declared (additionalProperties: false). */
  closed: boolean;
}

/** The keywords that limit a value, which a form field bound to a request attribute takes from the contract. */
export const LIMIT_KEYWORDS = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'enum'] as const;

export type LimitKeyword = (typeof LIMIT_KEYWORDS)[number];

export type Limits = Partial<Record<LimitKeyword, unknown>>;

/** JSON types a schema allows ('integer' apart from 'number'); undefined when it does not say. */
export type JsonTypes = Set<string> | undefined;

/** Whether a field was found; 'open' when the contract leaves that part of the row free-form. */
export type FieldLookup = 'found' | 'missing' | 'open';

export class Contract {
  readonly operations = new Map<string, Operation>();

  constructor(private readonly document: Node) {
    const paths = isJson(document.paths) ? document.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isJson(item)) continue;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const [method, operation] of Object.entries(item)) {
        if (!isJson(operation) || typeof operation.operationId !== 'string') continue;
        const own = Array.isArray(operation.parameters) ? operation.parameters : [];
        this.operations.set(operation.operationId, {
          id: operation.operationId,
          method,
          path,
          parameters: [...shared, ...own].map((parameter) => this.resolve(parameter)).flatMap((parameter) =>
            isJson(parameter) && parameter.in === 'query' && typeof parameter.name === 'string'
              ? [{ name: parameter.name, schema: isJson(parameter.schema) ? this.resolve(parameter.schema) : {} }]
              : [],
          ),
          response: this.successSchema(operation),
          request: this.requestSchema(operation),
        });
      }
    }
  }

  private resolve(node: unknown, seen = new Set<string>()): Node {
    if (!isJson(node)) return {};
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return node;
    let target: unknown = this.document;
    for (const token of ref.slice(2).split('/')) {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isJson(target) ? target[key] : undefined;
    }
    return this.resolve(target, new Set([...seen, ref]));
  }

  private successSchema(operation: Node): unknown {
    const responses = isJson(operation.responses) ? operation.responses : {};
    for (const [status, response] of Object.entries(responses)) {
      if (!/^2\d\d$/.test(status)) continue;
      const content = this.resolve(response).content;
      if (!isJson(content)) continue;
      const json = Object.entries(content).find(([type]) => type.includes('json'));
      if (json && isJson(json[1])) return json[1].schema;
    }
    return undefined;
  }

  private requestSchema(operation: Node): Operation['request'] {
    const content = this.resolve(operation.requestBody).content;
    if (!isJson(content)) return undefined;
    const types = Object.keys(content);
    const mediaType = types.find((type) => type.includes('json')) ?? types[0];
    const media = mediaType === undefined ? undefined : content[mediaType];
    return mediaType !== undefined && isJson(media) ? { mediaType, schema: media.schema } : undefined;
  }

  /** The alternatives a schema allows (oneOf/anyOf), each as the list of its allOf parts. */
  private alternatives(schema: unknown): Node[][] {
    const node = this.resolve(schema);
    const choices = [node.oneOf, node.anyOf].find(Array.isArray);
    if (choices) return choices.flatMap((choice) => this.alternatives(choice));
    const parts = Array.isArray(node.allOf) ? node.allOf.flatMap((part) => this.alternatives(part).flat()) : [];
    return [[node, ...parts]];
  }

  /** The schemas of property `name` across every alternative, and whether some alternative is free-form. */
  private property(schemas: unknown[], name: string): { found: unknown[]; open: boolean } {
    const found: unknown[] = [];
    let open = false;
    for (const alternative of schemas.flatMap((schema) => this.alternatives(schema))) {
      const declared = alternative.flatMap((part) => (isJson(part.properties) && name in part.properties ? [part.properties[name]] : []));
      found.push(...declared);
      const closed = alternative.some((part) => isJson(part.properties) || part.additionalProperties === false || isScalar(part));
      if (declared.length === 0 && !closed) open = true;
    }
    return { found, open };
  }

  /** Steps into arrays: the item schemas of any array alternative, else the schemas themselves. */
  private elements(schemas: unknown[]): unknown[] {
    return schemas.flatMap((schema) =>
      this.alternatives(schema).map((parts) => parts.find((part) => part.items !== undefined)?.items ?? schema),
    );
  }

  private walk(schemas: unknown[], path: string[]): FieldLookup {
    return this.walkTo(schemas, path).lookup;
  }

  /** Where `path` leads from `schemas`, and the schemas found there. */
  private walkTo(schemas: unknown[], path: string[]): { lookup: FieldLookup; found: unknown[] } {
    let current = schemas;
    for (const segment of path) {
      const { found, open } = this.property(this.elements(current), segment);
      if (found.length === 0) return { lookup: open ? 'open' : 'missing', found: [] };
      current = found;
    }
    return { lookup: 'found', found: current };
  }

  /**
   * The values a flattened row field of a list operation can take (its schema's enum, the same in every
   * alternative; true and false for a boolean), or undefined when the contract does not list them. Looks in the row's attributes and in the
   * attributes of a related resource (`account.statusName`).
   */
  rowFieldValues(operationId: string, field: string): unknown[] | undefined {
    const resources = this.listResources(operationId) ?? [];
    const [head = '', ...rest] = field.split('.');
    const attributes = this.property(resources, 'attributes').found;
    let found = this.walkTo(attributes, [head, ...rest]).found;
    if (found.length === 0 && rest.length > 0) {
      const relationship = this.property(this.property(resources, 'relationships').found, head).found;
      const related = this.relatedAttributes(operationId, relationship, head);
      found = related ? this.walkTo(related, rest).found : [];
    }
    if (found.length === 0) return undefined;
    const values = this.limits(found).enum;
    if (Array.isArray(values)) return values;
    const types = [...(this.types(found) ?? [])].filter((type) => type !== 'null');
    return types.length === 1 && types[0] === 'boolean' ? [true, false] : undefined;
  }

  /** The resource schemas of a list operation's rows, or undefined when its response has no `data` array. */
  listResources(operationId: string): unknown[] | undefined {
    const response = this.operations.get(operationId)?.response;
    if (response === undefined) return undefined;
    const data = this.property([response], 'data').found;
    const lists = data.flatMap((schema) => this.alternatives(schema)).filter((parts) => parts.some((part) => part.items !== undefined));
    if (lists.length === 0) return undefined;
    return this.elements(data);
  }

  private included(operationId: string, typeNames: string[]): unknown[] {
    const response = this.operations.get(operationId)?.response;
    const included = this.elements(this.property([response], 'included').found);
    return included
      .flatMap((schema) => this.alternatives(schema))
      .filter((parts) => {
        const types = this.property([{ allOf: parts }], 'type').found.flatMap((type) => constants(this.resolve(type)));
        return types.some((type) => typeNames.includes(type));
      })
      .map((parts) => ({ allOf: parts }));
  }

  /** Whether a flattened row of `operationId` has `field` ({ id, ...attributes, <relationship>: {...attributes} }). */
  rowField(operationId: string, field: string): FieldLookup {
    const resources = this.listResources(operationId) ?? [];
    const [head = '', ...rest] = field.split('.');
    if ((head === 'id' || head === 'type') && rest.length === 0) return 'found';
    const attributes = this.property(resources, 'attributes').found;
    const attribute = this.walk(attributes, [head, ...rest]);
    if (attribute !== 'missing') return attribute;
    const relationship = this.property(this.property(resources, 'relationships').found, head).found;
    if (relationship.length === 0) return 'missing';
    if (rest.length === 0 || (rest.length === 1 && rest[0] === 'id')) return 'found';
    const related = this.relatedAttributes(operationId, relationship, head);
    if (related === undefined) return 'missing';
    return this.walk(related, rest);
  }

  /** The attribute schemas of the resources a relationship of `operationId`'s rows names, as the response includes
   * them; undefined when it includes none. */
  private relatedAttributes(operationId: string, relationship: unknown[], name: string): unknown[] | undefined {
    const declaredTypes = this.elements(this.property(relationship, 'data').found).flatMap((identifier) =>
      this.property([identifier], 'type').found.flatMap((type) => constants(this.resolve(type))),
    );
    const related = this.included(operationId, declaredTypes.length > 0 ? declaredTypes : [name]);
    return related.length === 0 ? undefined : this.property(related, 'attributes').found;
  }

  /** What the request body of `operationId` accepts, or undefined when it takes none. */
  requestBody(operationId: string): RequestBody | undefined {
    const request = this.operations.get(operationId)?.request;
    if (!request) return undefined;
    const attributes = this.property(this.property([request.schema], 'data').found, 'attributes').found;
    const objects = (attributes.length > 0 ? attributes : [request.schema]).flatMap((schema) => this.alternatives(schema));
    const body: RequestBody = { mediaType: request.mediaType, attributes: new Map(), required: new Set(), closed: objects.length > 0 };
    for (const parts of objects) {
      if (!parts.some((part) => part.additionalProperties === false)) body.closed = false;
      for (const part of parts) {
        if (Array.isArray(part.required)) for (const name of part.required) if (typeof name === 'string') body.required.add(name);
        if (!isJson(part.properties)) continue;
        for (const [name, schema] of Object.entries(part.properties)) body.attributes.set(name, [...(body.attributes.get(name) ?? []), schema]);
      }
    }
    return body;
  }

  /** The JSON types `schemas` allow together (a union over their alternatives), or undefined when one says nothing. */
  types(schemas: unknown[]): JsonTypes {
    const all = new Set<string>();
    for (const parts of schemas.flatMap((schema) => this.alternatives(schema))) {
      const said = parts.map(declaredTypes).filter((types): types is Set<string> => types !== undefined);
      if (said.length === 0) return undefined;
      for (const type of said.reduce((a, b) => new Set([...a].filter((t) => b.has(t) || (t === 'integer' && b.has('number')))))) all.add(type);
    }
    return all;
  }

  /** The format every alternative of `schemas` requires (date, email...), or undefined when they do not agree on one. */
  format(schemas: unknown[]): string | undefined {
    const formats = new Set(
      schemas.flatMap((schema) => this.alternatives(schema)).map((parts) => parts.map((part) => part.format).find((format) => typeof format === 'string')),
    );
    const [only] = [...formats];
    return formats.size === 1 && typeof only === 'string' ? only : undefined;
  }

  /**
   * The limits every alternative of `schemas` puts on a value (pattern, lengths, bounds, enum, multipleOf): a keyword
   * is taken only when each alternative that is not `null` states it and they agree, so a limit read here holds
   * whatever the gateway is sent.
   */
  limits(schemas: unknown[]): Limits {
    const alternatives = schemas
      .flatMap((schema) => this.alternatives(schema))
      .filter((parts) => !parts.some((part) => part.type === 'null' || (Array.isArray(part.enum) && part.enum.length === 1 && part.enum[0] === null)));
    const limits: Limits = {};
    for (const keyword of LIMIT_KEYWORDS) {
      const values = alternatives.map((parts) => parts.map((part) => part[keyword]).find((value) => value !== undefined));
      const [first] = values;
      if (first === undefined || values.some((value) => JSON.stringify(value) !== JSON.stringify(first))) continue;
      Object.assign(limits, { [keyword]: first });
    }
    return limits;
  }

  /** The values an enum query parameter allows, e.g. the sort fields; undefined when not an enum. */
  parameterEnum(operationId: string, name: string): string[] | undefined {
    const parameter = this.operations.get(operationId)?.parameters.find((candidate) => candidate.name === name);
    const values = parameter?.schema.enum;
    return Array.isArray(values) ? values.map(String) : undefined;
  }

  hasParameter(operationId: string, name: string): boolean {
    return this.operations.get(operationId)?.parameters.some((parameter) => parameter.name === name) ?? false;
  }

  parameterMaximum(operationId: string, name: string): number | undefined {
    const maximum = this.operations.get(operationId)?.parameters.find((parameter) => parameter.name === name)?.schema.maximum;
    return typeof maximum === 'number' ? maximum : undefined;
  }
}

function isScalar(schema: Node): boolean {
  const type = schema.type;
  const types = Array.isArray(type) ? type : [type];
  return types.length > 0 && types.every((name) => typeof name === 'string' && name !== 'object' && name !== 'array');
}

function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types one schema node declares by type, const or enum; undefined when it declares none. */
export function declaredTypes(schema: Node): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.filter((type): type is string => typeof type === 'string'));
  if ('const' in schema) return new Set([typeOfValue(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(typeOfValue));
  return undefined;
}

function constants(schema: Node): string[] {
  if (typeof schema.const === 'string') return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum.filter((value): value is string => typeof value === 'string') : [];
}

/** The text last parsed and its document: one check reads the contract twice, and its tests check many copies of one. */
let lastParsed: { text: string; document: unknown } | undefined;

/** The contract of a repository directory, or undefined when it has none yet. */
export function loadContract(rootDir: string): Contract | undefined {
  const file = join(rootDir, CONTRACT_FILE);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  // Parsing the YAML was a third of a check; each contract gets its own copy of the document.
  if (lastParsed?.text !== text) lastParsed = { text, document: parse(text) };
  const document = structuredClone(lastParsed.document);
  return new Contract(isJson(document) ? document : {});
}
