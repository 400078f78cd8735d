// Saved table views on the gateway (listViews, createView, updateView, deleteView): the views menu on every schema
// table (src/render/table) lists, saves, changes and deletes them. Mutations refresh the table's list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../gateway';

export type TableViewState = components['schemas']['TableViewState'];
export type TableViewScope = components['schemas']['TableViewScope'];
export type TableView = { id: string } & components['schemas']['TableView']['attributes'];
type CreateAttributes = components['schemas']['CreateViewRequest']['data']['attributes'];
type UpdateAttributes = components['schemas']['UpdateViewRequest']['data']['attributes'];

export async function listTableViews(table: string, signal?: AbortSignal): Promise<TableView[]> {
  const document = unwrap(await api.GET('/api/v1/views', { params: { query: { 'filter[table]': table } }, signal }));
  return document.data.map((view) => ({ id: view.id, ...view.attributes }));
}

export interface TableViewsKey {
  table: string;
  /** The tenant whose token asks: views belong to a tenant. */
  tenant: string | null;
}

export function getTableViewsQueryOptions(key?: TableViewsKey) {
  return queryOptions({
    queryKey: key ? ['views', key.table, key.tenant] : ['views'],
    queryFn: ({ signal }) => listTableViews(key?.table ?? '', signal),
    staleTime: 60_000,
  });
}

export function useTableViews(key: TableViewsKey, enabled: boolean) {
  return useQuery({ ...getTableViewsQueryOptions(key), enabled });
}

function asView(document: { data: components['schemas']['TableView'] }): TableView {
  return { id: document.data.id, ...document.data.attributes };
}

export async function createTableView(attributes: CreateAttributes): Promise<TableView> {
  return asView(unwrap(await api.POST('/api/v1/views', { body: { data: { type: 'View', attributes } } })));
}

export async function updateTableView({ id, ...attributes }: UpdateAttributes & { id: string }): Promise<TableView> {
  return asView(unwrap(await api.PATCH('/api/v1/views/{id}', { params: { path: { id } }, body: { data: { type: 'View', attributes } } })));
}

export async function deleteTableView(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/v1/views/{id}', { params: { path: { id } } }));
}

/** The three changes, each refreshing every views list. */
export function useTableViewChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: getTableViewsQueryOptions().queryKey });
  return {
    create: useMutation({ mutationFn: createTableView, onSuccess }),
    update: useMutation({ mutationFn: updateTableView, onSuccess }),
    remove: useMutation({ mutationFn: deleteTableView, onSuccess }),
  };
}
