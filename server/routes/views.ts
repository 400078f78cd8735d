// Saved table views on the wire (the contract's listViews, createView, updateView, deleteView).
import { sessionOf } from '../context.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { DomainRefusal } from '../domain/refusal.ts';
import { createView, deleteView, listViews, updateView, type TableView, type ViewState } from '../domain/views/table-views.ts';
import { resource } from '../http/jsonapi.ts';
import type { TellerContext } from '../context.ts';
import { faultFields, viewRules, type ViewRules } from './_view-rules.ts';
import type { Handlers, Schema } from './types.ts';

/**
 * A view as it can be used now: a part of its state its table no longer takes (a column or a value that left the
 * config, or one stored before saving was checked) is left out and named in `dropped`, so the list still opens.
 */
function viewResource(view: TableView, rules: ViewRules | undefined): Schema<'TableView'> {
  const { id, state, ...attributes } = view;
  const dropped = rules ? rules.faults(state) : [];
  return resource('view', id, { ...attributes, state: rules && dropped.length > 0 ? rules.without(state, dropped) : state, dropped });
}

/** Refuses a state its table would not take, with a pointer to each part, as the list's address would be refused. */
function stateCheck(teller: TellerContext) {
  return (table: string, state: ViewState): void => {
    const rules = viewRules(teller, table);
    if (!rules) throw DomainRefusal.invalidFields({ table: `There is no table '${table}' (schemas/tables/${table}.json)` });
    const faults = rules.faults(state);
    if (faults.length > 0) throw DomainRefusal.invalidFields(faultFields(faults));
  };
}

/** An id no view can have is simply not found. */
function viewId(text: string): number {
  const id = parseRowId(text);
  if (id === undefined) throw new DomainRefusal('not_found', { message: 'No such view' });
  return id;
}

export const handlers: Handlers = {
  async listViews(request) {
    const table = request.query['filter[table]'];
    const views = await listViews(request.server.db, sessionOf(request), table);
    const rules = viewRules(request.server.teller, table);
    return { data: views.map((view) => viewResource(view, rules)) };
  },

  async createView(request, reply) {
    const { attributes } = request.body.data;
    const { teller } = request.server;
    const view = await createView(request.server.db, sessionOf(request), attributes, teller.now(), stateCheck(teller));
    reply.code(201);
    return { data: viewResource(view, viewRules(teller, view.table)) };
  },

  async updateView(request) {
    const id = viewId(request.params.id);
    const { teller } = request.server;
    const view = await updateView(request.server.db, sessionOf(request), id, request.body.data.attributes, teller.now(), stateCheck(teller));
    return { data: viewResource(view, viewRules(teller, view.table)) };
  },

  async deleteView(request, reply) {
    await deleteView(request.server.db, sessionOf(request), viewId(request.params.id), request.server.teller.now());
    return reply.code(204).send();
  },
};
