// The flows a table's actions run, by the names of src/config/registry.ts: a screen passes its handlers
// (`flows={{ openUser: open, createUser: () => setCreating(true) }}`) and each action of the table file names one.
// An action whose flow the screen does not run is not drawn, so no button does nothing.
import type { FlatRecord } from '../../api/jsonapi';
import { FLOWS, type FlowEntry, type RowFlowName, type ToolbarFlowName } from '../../config/registry';

export type TableFlows = { [Name in RowFlowName]?: (row: FlatRecord) => void } & { [Name in ToolbarFlowName]?: () => void };

const entries: Record<string, FlowEntry | undefined> = FLOWS;

function isRowFlow(name: string): name is RowFlowName {
  return entries[name]?.on === 'row';
}

function isToolbarFlow(name: string): name is ToolbarFlowName {
  return entries[name]?.on === 'toolbar';
}

/** The screen's handler of the row flow `name`, if it runs it. */
export function rowFlow(flows: TableFlows | undefined, name: string): ((row: FlatRecord) => void) | undefined {
  return flows && isRowFlow(name) ? flows[name] : undefined;
}

/** The screen's handler of the toolbar flow `name`, if it runs it. */
export function toolbarFlow(flows: TableFlows | undefined, name: string): (() => void) | undefined {
  return flows && isToolbarFlow(name) ? flows[name] : undefined;
}
