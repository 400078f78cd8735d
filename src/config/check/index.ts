// The config checker (`npm run check:config`): every tenant, menu, form, table, colour-map and screen file validated
// against its meta-schema and cross-checked against the others, the screen routes and the contract.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildConfigSet } from '../catalogue.ts';
import { baseName, kindOf } from '../files.ts';
import type { ConfigKind } from '../files.ts';
import { readConfigSource } from '../fs-source.ts';
import { SCREEN_ROUTES, matchesRoute } from '../routes.ts';
import { FLOWS } from '../registry.ts';
import type { ConfigSet } from '../types.ts';
import { CONTRACT_FILE, loadContract } from './contract.ts';
import type { Contract } from './contract.ts';
import { crossCheck } from './cross-checks.ts';
import { compileMetaSchemas, toProblems } from './meta.ts';
import { blankTexts } from './mistakes.ts';
import type { ReferenceIndex, ReferenceKind } from './meta.ts';
import type { Problem } from './problems.ts';

export type { Problem } from './problems.ts';
export { formatProblem } from './problems.ts';

export interface CheckReport {
  problems: Problem[];
  /** Checks that could not run, e.g. because the contract is missing. */
  notices: string[];
  /** Config files plus meta-schemas looked at. */
  fileCount: number;
}

/** Names a file that did not parse may hold: a reference to one is neither right nor wrong until its JSON is fixed. */
function unreadable(unparsed: Record<string, unknown>): (kind: ReferenceKind, name: string) => boolean {
  const paths = Object.keys(unparsed);
  return (kind, name) => {
    if (kind === 'menu') return paths.includes(`/schemas/menus/${name}.json`);
    if (kind === 'table') return paths.includes(`/schemas/tables/${name}.json`);
    if (kind === 'colorMap') return paths.includes('/schemas/tables/color-maps.json');
    return false;
  };
}

function referenceIndex(rootDir: string, set: ConfigSet, contract: Contract | undefined, unknown: (kind: ReferenceKind, name: string) => boolean): ReferenceIndex {
  const known = {
    // The items every menu shares (inEveryMenu) are no tenant's menu.
    menu: () => Object.keys(set.menus).filter((id) => set.menus[id]?.inEveryMenu !== true).sort(),
    table: () => Object.keys(set.tables).sort(),
    colorMap: () => Object.keys(set.colorMaps).sort(),
    operation: () => [...(contract?.operations.keys() ?? [])].sort(),
    route: () => SCREEN_ROUTES.map((route) => route.path),
    publicFile: () => [],
    flow: () => Object.keys(FLOWS).sort(),
  };
  return {
    known: (kind) => known[kind](),
    has: (kind, name) => {
      if (unknown(kind, name)) return 'unknown';
      switch (kind) {
        case 'operation':
          return contract ? contract.operations.has(name) : 'unknown';
        case 'route':
          return SCREEN_ROUTES.some((route) => route.path !== '*' && matchesRoute(route.path, name));
        case 'publicFile':
          return existsSync(join(rootDir, 'public', name));
        default:
          return known[kind]().includes(name);
      }
    },
    ...(contract
      ? {
          rowField: (operation: string, field: string) => contract.rowField(operation, field) !== 'missing',
          rowFieldValues: (operation: string, field: string) => contract.rowFieldValues(operation, field),
        }
      : {}),
  };
}

export function checkConfigReport(rootDir: string): CheckReport {
  const source = readConfigSource(rootDir);
  const set = buildConfigSet(source.files);
  const contract = loadContract(rootDir);
  const notices = contract ? [] : [`${CONTRACT_FILE} not found: skipped the checks of tables and form options against the contract`];
  const unknown = unreadable(source.unparsed);
  const meta = compileMetaSchemas(rootDir, referenceIndex(rootDir, set, contract, unknown));
  const problems: Problem[] = [...meta.problems];

  for (const [path, { text, error }] of Object.entries(source.unparsed)) {
    const at = jsonErrorPlace(text, error);
    const where = at ? ` at line ${at.line}, column ${at.column}` : '';
    problems.push({ file: path.slice(1), pointer: '', message: `is not valid JSON${where}: ${at?.reason ?? error}`, fix: 'fix the JSON syntax' });
  }
  const kinds: Record<string, ConfigKind> = {};
  const valid = new Set<string>();
  for (const [path, json] of Object.entries(source.files)) {
    const kind = kindOf(path, json);
    if (!kind) continue;
    kinds[path] = kind;
    const validate = meta.validators[kind];
    if (!validate) continue;
    if (validate(json)) valid.add(path);
    else problems.push(...toProblems(path.slice(1), validate.errors ?? []));
    // A blank text the meta-schema already refused ("is empty") is said once.
    const said = new Set(problems.filter((problem) => problem.file === path.slice(1)).map((problem) => problem.pointer));
    problems.push(...blankTexts(path.slice(1), json).filter((problem) => !said.has(problem.pointer)));
    const id = json !== null && typeof json === 'object' ? (json as { id?: unknown }).id : undefined;
    if (['tenant', 'menu', 'form', 'table', 'screen'].includes(kind) && typeof id === 'string' && id !== baseName(path)) {
      problems.push({ file: path.slice(1), pointer: '/id', message: `id '${id}' differs from the file name`, fix: `rename the file to ${id}.json or set id to '${baseName(path)}'` });
    }
  }
  const present = new Set([...Object.keys(source.files), ...Object.keys(source.unparsed)]);
  problems.push(...crossCheck({ files: source.files, kinds, valid, set, contract, present, unknown }));

  const fileCount = Object.keys(source.files).length + Object.keys(source.unparsed).length + meta.fileCount;
  return { problems: sortProblems(problems), notices, fileCount };
}

/** Every problem of the config in `rootDir`; empty when the config is ok. */
export function checkConfig(rootDir: string): Problem[] {
  return checkConfigReport(rootDir).problems;
}

/** Line and column (1-based) of a JSON.parse error, from its position; the reason without V8's position text. */
export function jsonErrorPlace(text: string, error: string): { line: number; column: number; reason: string } | undefined {
  const position = /at position (\d+)/.exec(error);
  const reason = error.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '').trim();
  if (position) {
    const before = text.slice(0, Number(position[1]));
    const lines = before.split('\n');
    return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1, reason };
  }
  if (/Unexpected end of JSON input/.test(error)) {
    const lines = text.split('\n');
    return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1, reason };
  }
  return undefined;
}

function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.pointer.localeCompare(b.pointer));
}
