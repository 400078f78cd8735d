// JSON:API documents flattened into plain rows: `{ id, ...attributes, <relationship>: <included attributes> }`,
// so config field paths such as `account.accountId` read related data directly.

export interface ResourceIdentifier {
  type: string;
  id: string;
}
export interface Resource extends ResourceIdentifier {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: ResourceIdentifier | ResourceIdentifier[] | null }>;
}
export type FlatRecord = { id: string; type: string } & Record<string, unknown>;

export interface ListMeta {
  itemTotal: number;
  pageNumber: number;
  pageSize: number;
  pageTotal: number;
}

/** users-and-wallets §9: number 1, size 10, total 0, pages 1. */
export const DEFAULT_META: ListMeta = { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 1 };

function index(included: Resource[] | undefined) {
  const byKey = new Map<string, Resource>();
  for (const resource of included ?? []) byKey.set(`${resource.type}:${resource.id}`, resource);
  return byKey;
}

function flattenOne(resource: Resource, included: Map<string, Resource>): FlatRecord {
  const flat: FlatRecord = { id: resource.id, type: resource.type, ...(resource.attributes ?? {}) };
  for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
    const link = relationship.data;
    const attributesOf = (identifier: ResourceIdentifier) => {
      const found = included.get(`${identifier.type}:${identifier.id}`);
      return { id: identifier.id, ...(found?.attributes ?? {}) };
    };
    if (Array.isArray(link)) flat[name] = link.map(attributesOf);
    else if (link) flat[name] = attributesOf(link);
    else flat[name] = null;
  }
  return flat;
}

export function flattenDocument(document: { data: Resource; included?: Resource[] }): FlatRecord {
  return flattenOne(document.data, index(document.included));
}

export function flattenList(document: { data: Resource[]; included?: Resource[]; meta?: Partial<ListMeta> }): {
  rows: FlatRecord[];
  meta: ListMeta;
} {
  const included = index(document.included);
  return { rows: document.data.map((resource) => flattenOne(resource, included)), meta: { ...DEFAULT_META, ...document.meta } };
}

/** Reads a dot path (`account.accountId`) from a flattened row. */
export function readPath(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
