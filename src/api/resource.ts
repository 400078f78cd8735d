// The resource layer: any operation of the contract called by its operationId (refine's one data provider, typed by
// openapi/gateway.yaml), its JSON:API answer flattened (./jsonapi.ts), cached under its JSON:API type and the tenant
// whose token asks (./session.ts), and a mutation marking stale every list and read of its type and of the types that
// show it (./resource-types.ts). The method and path of each operationId are generated (./operations.gen.ts).
import { keepPreviousData, queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, credentialHeaders, unwrap } from './client';
import type { operations } from './gateway';
import { DEFAULT_META, flattenDocument, flattenList, type FlatRecord, type ListMeta, type Resource } from './jsonapi';
import { OPERATIONS } from './operations.gen';
import { RELATED_TYPES, isResourceType, type ResourceType } from './resource-types';
import { sessionStore, useSessionState, type Credential } from './session';

export type OperationId = keyof typeof OPERATIONS & keyof operations;

type Parameters<Id extends OperationId> = operations[Id] extends { parameters: infer P } ? P : never;
type Part<Id extends OperationId, Name extends string> = Parameters<Id> extends { [K in Name]?: infer Value } ? NonNullable<Value> : never;
type Json<Content> = Content extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<Id extends OperationId> = operations[Id] extends { responses: infer R } ? R : never;

/** The query parameters, path parameters and request body of an operation, as the contract types them. */
export type QueryOf<Id extends OperationId> = Part<Id, 'query'>;
export type PathOf<Id extends OperationId> = Part<Id, 'path'>;
export type BodyOf<Id extends OperationId> = operations[Id] extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;
/** The document a success answers (200 or 201). */
export type DocumentOf<Id extends OperationId> = Json<Responses<Id>[keyof Responses<Id> & (200 | 201)]>;
/** The attributes of a body `{ data: { type, id?, attributes } }`, for a call that names only them. */
export type AttributesOf<Id extends OperationId> = BodyOf<Id> extends { data: { attributes: infer A } } ? A : never;

/** An attribute named `type` (a transaction's type code) replaces the resource type, as ./jsonapi.ts writes the row. */
type Flat<R> = R extends { id: string; attributes: infer A } ? Omit<{ id: string; type: string }, keyof A> & A : R extends { id: string } ? { id: string; type: string } : never;
/** A read's record and a list's row, flattened (`{ id, type, ...attributes, <relationship>: ... }`). */
export type RecordOf<Id extends OperationId> = DocumentOf<Id> extends { data: infer D } ? (D extends readonly unknown[] ? never : Flat<D>) : never;
export type RowOf<Id extends OperationId> = DocumentOf<Id> extends { data: readonly (infer R)[] } ? Flat<R> : never;

/** Operations whose success answers a list (`data: [...]`), and those that answer one resource. */
export type ListOperationId = { [Id in OperationId]: [RowOf<Id>] extends [never] ? never : Id }[OperationId];
export type ReadOperationId = { [Id in OperationId]: [RecordOf<Id>] extends [never] ? never : Id }[OperationId];

type Unless<T, Then, Otherwise> = [T] extends [never] ? Otherwise : Then;
/** What a call names: its path parameters (required when the path has any), query, and whose token it carries. */
export type CallInit<Id extends OperationId> = Unless<PathOf<Id>, { path: PathOf<Id> }, { path?: undefined }> &
  Unless<QueryOf<Id>, { query?: QueryOf<Id> }, { query?: undefined }> & {
    /** The selected tenant's token (the default), or the session's own (./session.ts `Credential`). */
    credential?: Credential;
  };
/** A mutation's call: the whole body, or, for a body `{ data: { type, id?, attributes } }`, only the attributes. */
export type MutateInit<Id extends OperationId> = CallInit<Id> &
  Unless<BodyOf<Id>, { body: BodyOf<Id>; attributes?: undefined } | { attributes: AttributesOf<Id>; body?: undefined }, { body?: undefined; attributes?: undefined }>;

export interface Page<Row> {
  rows: Row[];
  meta: ListMeta;
}

type Method = (typeof OPERATIONS)[OperationId]['method'];
type Fetch = (path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The JSON:API type an operation is cached under: its contract type, or its own id for an operation without one. */
function typeOf(id: OperationId): string {
  return OPERATIONS[id].type ?? id;
}

/** Everything of `type` in the cache, every tenant's: what a mutation of it marks stale. */
export function resourceTypeKey(type: ResourceType): readonly unknown[] {
  return ['resource', type];
}

/** The key of one call: type first (invalidation), then the tenant whose token asks (a switch never shows another
 * tenant's answer), the operation and what it named. */
function callKey(id: OperationId, init: object | undefined): readonly unknown[] {
  const credential = init && 'credential' in init && init.credential === 'own' ? 'own' : 'tenant';
  const { path, query } = (init ?? {}) as { path?: unknown; query?: unknown };
  return ['resource', typeOf(id), sessionStore.tenantOf(credential), id, { path, query }];
}

/** Calls an operation by its id: the one place that turns an operationId into openapi-fetch's method and path. */
export async function callOperation<Id extends OperationId>(
  id: Id,
  init: CallInit<Id>,
  { body, signal }: { body?: BodyOf<Id>; signal?: AbortSignal } = {},
): Promise<DocumentOf<Id>> {
  const { method, path: route } = OPERATIONS[id];
  const { path, query, credential } = init as { path?: object; query?: object; credential?: Credential };
  // openapi-fetch types a call by its path literal; here the path comes from the operationId's row, typed above by
  // the same contract, so the client is reached untyped in this one place.
  const send = (api as unknown as Record<Method, Fetch>)[method];
  const headers = credential === 'own' ? credentialHeaders('own') : undefined;
  return unwrap(await send(route, { params: { path, query }, body, signal, headers })) as DocumentOf<Id>;
}

/** A list the contract answers without page meta is not paged: one page holds every row. */
function pageOf(document: { data: Resource[]; meta?: Partial<ListMeta> }): Page<FlatRecord> {
  const { rows, meta } = flattenList(document);
  if (document.meta) return { rows, meta };
  return { rows, meta: { ...DEFAULT_META, itemTotal: rows.length, pageSize: Math.max(rows.length, 1) } };
}

interface QueryExtras {
  /** How long an answer stays fresh, e.g. a reference list's REFERENCE_STALE_MS. */
  staleTime?: number;
  /** `keepPreviousData`: the answer shown stays while a changed call's loads (a timeframe switched). */
  placeholderData?: typeof keepPreviousData;
}

/** The query of a list operation's rows and page meta; `init` undefined waits (nothing is asked). */
export function listQuery<Id extends ListOperationId>(id: Id, init: CallInit<Id> | undefined, extras: QueryExtras = {}) {
  return queryOptions({
    queryKey: callKey(id, init),
    queryFn: init
      ? async ({ signal }) => pageOf((await callOperation(id, init, { signal })) as { data: Resource[]; meta?: Partial<ListMeta> }) as Page<RowOf<Id>>
      : skipToken,
    ...extras,
  });
}

/** The query of a read operation's one record, flattened; `init` undefined waits (nothing is asked). */
export function readQuery<Id extends ReadOperationId>(id: Id, init: CallInit<Id> | undefined, extras: QueryExtras = {}) {
  return queryOptions({
    queryKey: callKey(id, init),
    queryFn: init ? async ({ signal }) => flattenDocument((await callOperation(id, init, { signal })) as { data: Resource }) as RecordOf<Id> : skipToken,
    ...extras,
  });
}

/** The query of an operation's document as the contract types it, for an answer that is more than its resources. */
export function documentQuery<Id extends OperationId>(id: Id, init: CallInit<Id> | undefined, extras: QueryExtras = {}) {
  return queryOptions({
    queryKey: callKey(id, init),
    queryFn: init ? ({ signal }) => callOperation(id, init, { signal }) : skipToken,
    ...extras,
  });
}

type Option<R> = R extends { id: string; attributes: infer A } ? { id: string } & A : never;
/** A list's row as a select offers it: `{ id, ...attributes }`, neither page nor resource type. */
export type OptionOf<Id extends OperationId> = DocumentOf<Id> extends { data: readonly (infer R)[] } ? Option<R> : never;

/** The query of every row of a list operation as options (a reference list a select or select filter offers,
 * ./reference-lists), keyed beside the operation's page (listQuery): its answer is shaped otherwise. */
export function optionsQuery<Id extends ListOperationId>(id: Id, init: CallInit<Id>, extras: QueryExtras = {}) {
  return queryOptions({
    queryKey: [...callKey(id, init), 'options'],
    queryFn: async ({ signal }) => {
      const { data } = (await callOperation(id, init, { signal })) as { data: Resource[] };
      return data.map((entry) => ({ id: entry.id, ...entry.attributes })) as OptionOf<Id>[];
    },
    ...extras,
  });
}

/** The page source of a table file's list operation (src/render/table/table-sources.tsx): the table's parameters as
 * text, the previous page shown while the next one loads. */
export function tablePageQuery(id: ListOperationId) {
  return (key: { params: Record<string, string> }) => {
    const init = tableInit(key.params);
    // Keyed as listQuery keys it; rows as the table reads them, by its config's field paths.
    return queryOptions({
      queryKey: callKey(id, init),
      queryFn: async ({ signal }) => pageOf((await callOperation(id, init, { signal })) as { data: Resource[]; meta?: Partial<ListMeta> }),
      placeholderData: keepPreviousData,
    });
  };
}

/** A table file's list parameters are checked against the operation's by `npm run check:config`, so they are the
 * contract's query; the table gives them as text. */
function tableInit(params: Record<string, string>): CallInit<ListOperationId> {
  return { query: params } as unknown as CallInit<ListOperationId>;
}

/** The hooks re-render when the session's tenant changes, so the key follows the token. */
export function useList<Id extends ListOperationId>(id: Id, init: CallInit<Id> | undefined, extras?: QueryExtras) {
  useSessionState();
  return useQuery(listQuery(id, init, extras));
}

export function useRead<Id extends ReadOperationId>(id: Id, init: CallInit<Id> | undefined, extras?: QueryExtras) {
  useSessionState();
  return useQuery(readQuery(id, init, extras));
}

export function useDocument<Id extends OperationId>(id: Id, init: CallInit<Id> | undefined, extras?: QueryExtras) {
  useSessionState();
  return useQuery(documentQuery(id, init, extras));
}

/** Marks stale every list and read of the operation's type and of the types that show it (./resource-types.ts). */
export function invalidateAfter(client: QueryClient, id: OperationId): Promise<unknown> {
  const type = typeOf(id);
  const types = [type, ...(isResourceType(type) ? (RELATED_TYPES[type] ?? []) : [])];
  return Promise.all(types.map((each) => client.invalidateQueries({ queryKey: ['resource', each] })));
}

function bodyOf(id: OperationId, init: { path?: object; body?: unknown; attributes?: unknown }): unknown {
  if (!('attributes' in init)) return init.body;
  const recordId = init.path && 'id' in init.path ? { id: init.path.id } : {};
  return { data: { type: OPERATIONS[id].sends, ...recordId, attributes: init.attributes } };
}

/** Runs a mutation, and answers its record flattened (undefined when the answer has no resource, e.g. a 204). */
export async function mutateOperation<Id extends OperationId>(id: Id, init: MutateInit<Id>): Promise<RecordOf<Id> | undefined> {
  const body = bodyOf(id, init as { path?: object; body?: unknown; attributes?: unknown });
  const document: unknown = await callOperation(id, init, { body: body as BodyOf<Id> });
  const hasResource = typeof document === 'object' && document !== null && 'data' in document && !Array.isArray(document.data);
  return hasResource ? (flattenDocument(document as { data: Resource }) as RecordOf<Id>) : undefined;
}

/** A mutation by operationId; on success every list and read of its type (and related types) is read again, and the
 * mutation settles once they are. */
export function useMutate<Id extends OperationId>(id: Id) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (init: MutateInit<Id>) => mutateOperation(id, init),
    onSuccess: () => invalidateAfter(client, id),
  });
}
