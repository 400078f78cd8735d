// The config against what the code gives and needs (src/config/registry.ts): the flows a table's actions name, the
// parts of each screen file, and the table, form and screen files the screens read by id.
import { FLOWS, FORM_IDS, REQUIRED_FILES, SCREEN_PARTS, TABLE_IDS, type FlowEntry, type FlowPlace } from '../registry.ts';
import { baseName } from '../files.ts';
import type { TableConfig } from '../types.ts';
import { listOf, pointer } from './problems.ts';
import type { Problem } from './problems.ts';

const flows: Record<string, FlowEntry | undefined> = FLOWS;
const screens: Record<string, Record<string, string> | undefined> = SCREEN_PARTS;

function flowsOn(tableId: string, place: FlowPlace): string[] {
  return Object.entries(flows).flatMap(([name, entry]) => (entry?.on === place && entry.tables.includes(tableId) ? [name] : []));
}

/** A table file's actions: each names a flow of its place (row or toolbar) that its screen runs. */
export function checkTableFlows(file: string, table: TableConfig): Problem[] {
  const problems: Problem[] = [];
  // The screens ask for a table by its file name; an id that differs is reported on its own.
  const tableId = baseName(file);
  const check = (at: string, name: string, place: FlowPlace) => {
    const entry = flows[name];
    // An unknown name is the meta-schema's x-refersTo error already.
    if (!entry) return;
    const offered = flowsOn(tableId, place);
    const fix = offered.length > 0 ? `use ${listOf(offered)}` : `this table's screen runs no ${place} flow: remove it, or register one in src/config/registry.ts`;
    if (entry.on !== place) {
      problems.push({ file, pointer: at, message: `'${name}' is a ${entry.on} flow, not a ${place} flow`, fix });
    } else if (!entry.tables.includes(tableId)) {
      problems.push({ file, pointer: at, message: `the screen of table '${tableId}' does not run flow '${name}' (${entry.description})`, fix });
    }
  };
  (table.rowActions ?? []).forEach((action, index) => check(pointer('/rowActions', index, 'flow'), action.flow, 'row'));
  (table.toolbarActions ?? []).forEach((action, index) => check(pointer('/toolbarActions', index, 'flow'), action.flow, 'toolbar'));
  table.columns.forEach((column, index) => {
    if (column.cellAction) check(pointer('/columns', index, 'cellAction'), column.cellAction, 'row');
  });
  return problems;
}

/** A screen file rules exactly the parts its screen draws; read from any file with a parts object, valid or not. */
export function checkScreenParts(file: string, screen: { parts: Record<string, unknown> }): Problem[] {
  const id = baseName(file);
  const parts = screens[id];
  if (!parts) {
    return [
      {
        file,
        pointer: '',
        message: `no screen draws parts of '${id}'`,
        fix: `use ${listOf(Object.keys(screens))}, or register the screen's parts in src/config/registry.ts (SCREEN_PARTS)`,
      },
    ];
  }
  const known = Object.keys(parts);
  const problems: Problem[] = [];
  for (const part of Object.keys(screen.parts)) {
    if (!known.includes(part)) {
      problems.push({ file, pointer: pointer('/parts', part), message: `unknown property '${part}'`, fix: `remove it or use one of ${listOf(known, 20)}` });
    }
  }
  for (const [part, what] of Object.entries(parts)) {
    if (!(part in screen.parts)) {
      problems.push({ file, pointer: '/parts', message: `missing property '${part}'`, fix: `add "${part}": { "visible": <rule> } for ${what}` });
    }
  }
  return problems;
}

/** The files the code reads by id that are not there (`present`: every config path, parsed or not, '/schemas/...'). */
export function checkRequiredFiles(present: ReadonlySet<string>): Problem[] {
  const wanted: [string, string][] = [
    ...TABLE_IDS.map((id): [string, string] => [`schemas/tables/${id}.json`, `table '${id}'`]),
    ...FORM_IDS.map((id): [string, string] => [`schemas/forms/${id}.json`, `form '${id}'`]),
    ...Object.keys(SCREEN_PARTS).map((id): [string, string] => [`schemas/screens/${id}.json`, `screen file '${id}'`]),
    ...REQUIRED_FILES.map((path): [string, string] => [path, path]),
  ];
  return wanted
    .filter(([path]) => !present.has(`/${path}`))
    .map(([path, what]) => ({
      file: path,
      pointer: '',
      message: `is missing, and the app reads ${what} (src/config/registry.ts)`,
      fix: `restore ${path}; a renamed file must keep this name, as its id is what the screens ask for`,
    }));
}
