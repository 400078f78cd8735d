// Saved table views on the wire (the contract's listViews, createView, updateView, deleteView).
import { sessionOf } from '../context.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { DomainRefusal } from '../domain/refusal.ts';
import { createView, deleteView, listViews, updateView, type TableView } from '../domain/views/table-views.ts';
import { resource } from '../http/jsonapi.ts';
import type { Handlers, Schema } from './types.ts';

function viewResource(view: TableView): Schema<'TableView'> {
  const { id, ...attributes } = view;
  return resource('view', id, attributes);
}

/** An id no view can have is simply not found. */
function viewId(text: string): number {
  const id = parseRowId(text);
  if (id === undefined) throw new DomainRefusal('not_found', { message: 'No such view' });
  return id;
}

export const handlers: Handlers = {
  async listViews(request) {
    const views = await listViews(request.server.db, sessionOf(request), request.query['filter[table]']);
    return { data: views.map(viewResource) };
  },

  async createView(request, reply) {
    const { attributes } = request.body.data;
    const view = await createView(request.server.db, sessionOf(request), attributes, request.server.teller.now());
    reply.code(201);
    return { data: viewResource(view) };
  },

  async updateView(request) {
    const id = viewId(request.params.id);
    const view = await updateView(request.server.db, sessionOf(request), id, request.body.data.attributes, request.server.teller.now());
    return { data: viewResource(view) };
  },

  async deleteView(request, reply) {
    await deleteView(request.server.db, sessionOf(request), viewId(request.params.id), request.server.teller.now());
    return reply.code(204).send();
  },
};
