// Checks that span files or need the contract; run only on files that passed their meta-schema.
import tenantSchema from '../../../schemas/meta/tenant.schema.json' with { type: 'json' };
import type { ConfigKind } from '../files.ts';
import { formFields } from '../form-fields.ts';
import { isJson } from '../json.ts';
import type { FormConfig, Menu, MenuItem, OptionsSource, TableConfig, Tenant } from '../types.ts';
import { checkApprovals } from './approvals.ts';
import type { CrossCheckInput } from './cross-check-input.ts';
import { checkFormBindings } from './form-bindings.ts';
import { checkFormLimits } from './form-limits.ts';
import { LIMIT_KEYWORDS, type Contract } from './contract.ts';
import { menuDuplicates, requiredWithoutMessage, unusedMessages } from './mistakes.ts';
import { defaultSortColumnProblem, filterValueProblems } from './table-values.ts';
import { checkRequiredFiles, checkScreenParts, checkTableFlows } from './registry-checks.ts';
import { listOf, pointer } from './problems.ts';
import type { Problem } from './problems.ts';

/** The claim of the admin tenant when its file names none (the gateway's seed gives it the same). */
const ADMIN_TENANT_CLAIM = 'dssc';

function filesOf<T>(input: CrossCheckInput, kind: ConfigKind): [string, T][] {
  return Object.entries(input.files)
    .filter(([path]) => input.kinds[path] === kind && input.valid.has(path))
    .map(([path, json]) => [path.slice(1), json as T]);
}

function checkTenants(input: CrossCheckInput): Problem[] {
  const problems: Problem[] = [];
  const firstWith = new Map<string, string>();
  const flagged: Record<'admin' | 'main', string[]> = { admin: [], main: [] };
  const claims = new Map<string, { file: string; tenant: Tenant }[]>();
  for (const [file, tenant] of filesOf<Tenant>(input, 'tenant')) {
    for (const key of ['id', 'clientId'] as const) {
      const owner = firstWith.get(`${key}:${tenant[key]}`);
      if (owner) {
        problems.push({ file, pointer: `/${key}`, message: `${key} '${tenant[key]}' is also used by ${owner}`, fix: `give each tenant its own ${key}` });
      } else firstWith.set(`${key}:${tenant[key]}`, file);
    }
    // The tenant claim tokens carry (the gateway's seed: the file's claim, else dssc for the admin tenant, else the id).
    const claim = (tenant.claim ?? (tenant.admin ? ADMIN_TENANT_CLAIM : tenant.id)).toLowerCase();
    claims.set(claim, [...(claims.get(claim) ?? []), { file, tenant }]);
    if (tenant.admin) flagged.admin.push(file);
    if (tenant.main) flagged.main.push(file);
    for (const [tableId, columns] of Object.entries(tenant.hiddenColumns ?? {})) {
      const table = input.set.tables[tableId];
      if (!table && input.unknown('table', tableId)) continue;
      if (!table) {
        problems.push({
          file,
          pointer: pointer('/hiddenColumns', tableId),
          message: `'${tableId}' is not a table in schemas/tables/`,
          fix: `use ${listOf(Object.keys(input.set.tables).sort())}`,
        });
        continue;
      }
      const known = table.columns.map((column) => column.id);
      columns.forEach((column, index) => {
        if (!known.includes(column)) {
          problems.push({
            file,
            pointer: pointer('/hiddenColumns', tableId, index),
            message: `table '${tableId}' has no column '${column}'`,
            fix: `use ${listOf(known, 20)}`,
          });
        }
      });
    }
  }
  // Two tenants with one claim: the admin tenant keeps it, the other file is reported (unless a duplicate id or a
  // second admin tenant already names it).
  for (const [claim, holders] of claims) {
    const owner = holders.find((holder) => holder.tenant.admin) ?? holders[0];
    for (const { file, tenant } of holders) {
      if (!owner || file === owner.file || tenant.id === owner.tenant.id || (tenant.admin && owner.tenant.admin)) continue;
      problems.push({
        file,
        pointer: tenant.claim === undefined ? '/id' : '/claim',
        message: `tenant claim '${claim}' is also the claim of ${owner.file}`,
        fix: `give each tenant its own claim; a copy of the admin tenant's file must change its claim ('${ADMIN_TENANT_CLAIM}' is the admin tenant's)`,
      });
    }
  }
  for (const flag of ['admin', 'main'] as const) {
    for (const file of flagged[flag].slice(1)) {
      problems.push({ file, pointer: `/${flag}`, message: `${flagged[flag][0]} is already the ${flag} tenant`, fix: `mark only one tenant "${flag}": true` });
    }
  }
  return problems;
}

function optionsSourceProblems(input: CrossCheckInput, file: string, at: string, source: OptionsSource): Problem[] {
  const { contract } = input;
  if (!contract || !contract.operations.has(source.operation)) return [];
  return (['value', 'label'] as const).flatMap((key) =>
    contract.rowField(source.operation, source[key]) === 'missing'
      ? [
          {
            file,
            pointer: pointer(at, key),
            message: `rows of ${source.operation} have no field '${source[key]}'`,
            fix: `use a field of the ${source.operation} response in openapi/gateway.yaml`,
          },
        ]
      : [],
  );
}

function checkForms(input: CrossCheckInput): Problem[] {
  const problems: Problem[] = [];
  for (const [file, form] of filesOf<FormConfig>(input, 'form')) {
    // A message may be for a limit the contract writes into the field (./form-limits.ts); without the contract,
    // a message for a limit cannot be judged.
    let limited = form;
    if (input.contract) {
      const limits = checkFormLimits(file, form, input.contract);
      problems.push(...checkFormBindings(file, form, input.contract), ...limits.problems);
      limited = limits.limited;
    }
    const ruleRequired = new Set(Object.entries(form.rules ?? {}).flatMap(([name, rules]) => (rules.required === undefined ? [] : [name])));
    const unused = unusedMessages(file, limited.schema, ruleRequired).filter(
      (problem) => input.contract !== undefined || !(LIMIT_KEYWORDS as readonly string[]).includes(problem.pointer.split('/').pop() ?? ''),
    );
    problems.push(...unused, ...requiredWithoutMessage(file, form));
    const fields = formFields(form.schema);
    const names = [...fields.keys()];
    const unknownField = (at: string, name: string): Problem => ({
      file,
      pointer: at,
      message: `names field '${name}', which the form's schema lacks`,
      fix: names.length > 0 ? `use ${listOf(names, 20)} or add it to schema.properties` : 'add it to schema.properties',
    });
    for (const [key, value] of Object.entries(form.uiSchema)) {
      if (key === 'ui:order' && Array.isArray(value)) {
        value.forEach((name, index) => {
          if (name !== '*' && !fields.has(String(name))) problems.push(unknownField(pointer('/uiSchema/ui:order', index), String(name)));
        });
      } else if (!key.startsWith('ui:')) {
        if (!fields.has(key)) problems.push(unknownField(pointer('/uiSchema', key), key));
        const source = isJson(value) && isJson(value['ui:options']) ? value['ui:options'].optionsFrom : undefined;
        if (isJson(source)) problems.push(...optionsSourceProblems(input, file, pointer('/uiSchema', key, 'ui:options', 'optionsFrom'), source as unknown as OptionsSource));
      }
    }
    for (const [name, rules] of Object.entries(form.rules ?? {})) {
      const field = fields.get(name);
      if (!field) {
        problems.push(unknownField(pointer('/rules', name), name));
        continue;
      }
      const requiredMessages = isJson(form.schema.errorMessage) ? form.schema.errorMessage.required : undefined;
      if (rules.required !== undefined && !(isJson(requiredMessages) && typeof requiredMessages[name] === 'string')) {
        problems.push({
          file,
          pointer: pointer('/rules', name, 'required'),
          message: `has no message for an empty '${name}'`,
          fix: `add schema.errorMessage.required.${name} with the spec's text`,
        });
      }
      const enums = field.declarations.flatMap((declaration) => (Array.isArray(declaration.enum) ? [declaration.enum.map(String)] : []));
      const allowed = enums[0];
      for (const option of Object.keys(rules.options ?? {})) {
        if (!allowed || !allowed.includes(option)) {
          problems.push({
            file,
            pointer: pointer('/rules', name, 'options', option),
            message: `'${option}' is not a value of field '${name}'`,
            fix: allowed ? `use ${listOf(allowed)}` : `give '${name}' an enum in the schema`,
          });
        }
      }
    }
  }
  return problems;
}

const COLOR_MAPS_FILE = 'schemas/tables/color-maps.json';

/**
 * A colour map's keys against the values the contract says a column's field can take: a key it never takes
 * (`COMPLETE` where the statuses are `COMPLETED`…) paints nothing, and the rows it meant fall to the default colour.
 */
function colorMapProblems(input: CrossCheckInput, contract: Contract, operation: string, field: string, mapId: string, usedBy: string): Problem[] {
  const values = contract.rowFieldValues(operation, field)?.map(String);
  const colors = input.set.colorMaps[mapId]?.colors ?? {};
  if (!values) return [];
  return Object.keys(colors)
    .filter((key) => !values.includes(key))
    .map((key) => ({
      file: COLOR_MAPS_FILE,
      pointer: pointer('/maps', mapId, 'colors', key),
      message: `'${key}' is never a value of ${field} in ${operation} rows (${usedBy} paints with this map)`,
      fix: `use ${listOf(values, 24)}`,
    }));
}

function checkTables(input: CrossCheckInput): Problem[] {
  const problems: Problem[] = [];
  const { contract } = input;
  for (const [file, table] of filesOf<TableConfig>(input, 'table')) {
    problems.push(...checkTableFlows(file, table));
    const seen = new Set<string>();
    table.columns.forEach((column, index) => {
      if (seen.has(column.id)) {
        problems.push({ file, pointer: pointer('/columns', index, 'id'), message: `column id '${column.id}' is used twice`, fix: 'give each column its own id' });
      }
      seen.add(column.id);
    });
    // Column and toolbar filters keep their inputs under their ids (src/render/table/useSchemaTable.ts).
    (table.toolbarFilters ?? []).forEach((filter, index) => {
      if (seen.has(filter.id)) {
        problems.push({ file, pointer: pointer('/toolbarFilters', index, 'id'), message: `id '${filter.id}' is also a column's or another filter's`, fix: 'give each toolbar filter its own id' });
      }
      seen.add(filter.id);
    });
    if (!contract || !contract.operations.has(table.operation)) continue;
    const operation = table.operation;
    if (!contract.listResources(operation)) {
      problems.push({ file, pointer: '/operation', message: `${operation} does not answer a list (a data array)`, fix: 'name a list operation such as listUsers' });
      continue;
    }
    const sorts = contract.parameterEnum(operation, 'sort');
    const canSort = contract.hasParameter(operation, 'sort');
    const sortProblem = (at: string, key: string): Problem | undefined => {
      if (!canSort) return { file, pointer: at, message: `${operation} takes no sort parameter`, fix: 'remove the sorting or add sort to the operation' };
      const wanted = key.replace(/^-/, '');
      const ok = !sorts || sorts.includes(key) || (key === wanted && (sorts.includes(wanted) || sorts.includes(`-${wanted}`)));
      return ok ? undefined : { file, pointer: at, message: `${operation} cannot sort by '${key}'`, fix: `use ${listOf(sorts ?? [], 24)}` };
    };
    const filterProblem = (at: string, key: string): Problem | undefined =>
      contract.hasParameter(operation, `filter[${key}]`)
        ? undefined
        : {
            file,
            pointer: at,
            message: `${operation} takes no filter[${key}]`,
            fix: `use ${listOf(contract.operations.get(operation)?.parameters.map((parameter) => parameter.name).filter((name) => name.startsWith('filter[')) ?? [], 20)}`,
          };
    if (table.defaultSort) {
      // The contract's refusal says more than the missing column; a sort it takes must still be a column's.
      const problem = sortProblem('/defaultSort', table.defaultSort) ?? defaultSortColumnProblem(file, table);
      if (problem) problems.push(problem);
    }
    const maximum = contract.parameterMaximum(operation, 'page[size]');
    if (table.pageSize !== undefined && maximum !== undefined && table.pageSize > maximum) {
      problems.push({ file, pointer: '/pageSize', message: `${operation} serves at most ${maximum} rows a page`, fix: `use a page size up to ${maximum}` });
    }
    for (const key of Object.keys(table.fixedFilters ?? {})) {
      const problem = filterProblem(pointer('/fixedFilters', key), key);
      if (problem) problems.push(problem);
    }
    problems.push(...filterValueProblems(file, table, contract));
    table.columns.forEach((column, index) => {
      const at = pointer('/columns', index);
      for (const key of ['field', 'avatarField', 'currencyField'] as const) {
        const field = column[key];
        if (field && contract.rowField(operation, field) === 'missing') {
          problems.push({
            file,
            pointer: pointer(at, key),
            message: `rows of ${operation} have no field '${field}'`,
            fix: `use a field of the ${operation} response in openapi/gateway.yaml, or add it there`,
          });
        }
      }
      if (column.sortable && column.field) {
        const problem = sortProblem(pointer(at, column.sortKey ? 'sortKey' : 'sortable'), column.sortKey ?? column.field);
        if (problem) problems.push(problem);
      }
      if ((column.filter === 'text' || column.filter === 'select') && column.field) {
        const problem = filterProblem(pointer(at, column.filterKey ? 'filterKey' : 'filter'), column.filterKey ?? column.field);
        if (problem) problems.push(problem);
      }
      if (isJson(column.filterOptions)) problems.push(...optionsSourceProblems(input, file, pointer(at, 'filterOptions'), column.filterOptions as OptionsSource));
      if (column.colorMap && column.field) {
        // One problem per key of the map, whichever tables paint with it.
        for (const problem of colorMapProblems(input, contract, operation, column.field, column.colorMap, `${file} column '${column.id}'`)) {
          if (!problems.some((said) => said.file === problem.file && said.pointer === problem.pointer)) problems.push(problem);
        }
      }
    });
    (table.toolbarFilters ?? []).forEach((filter, index) => {
      const at = pointer('/toolbarFilters', index);
      const problem = filterProblem(pointer(at, 'filterKey'), filter.filterKey);
      if (problem) problems.push(problem);
      if (isJson(filter.filterOptions)) problems.push(...optionsSourceProblems(input, file, pointer(at, 'filterOptions'), filter.filterOptions as OptionsSource));
    });
  }
  return problems;
}

/** Part names are checked on every screen file with parts, valid or not: a wrong name is worth saying with any other mistake. */
function checkMenus(input: CrossCheckInput): Problem[] {
  const menus = filesOf<Menu>(input, 'menu');
  // A menu file that did not parse or pass its meta-schema may list the type a problem would call missing.
  const unparsedMenu = [...input.present].some((path) => path.startsWith('/schemas/menus/') && !(path in input.files));
  const allRead = !unparsedMenu && Object.entries(input.kinds).every(([path, kind]) => kind !== 'menu' || input.valid.has(path));
  return [...menus.flatMap(([file, menu]) => menuDuplicates(file, menu)), ...sharedItemRepeats(menus), ...typeMenuProblems(menus, allRead)];
}

/** An item of the shared menu file (inEveryMenu) closes every other menu's group (src/config/catalogue.ts): a menu
 * that lists its route too would show it twice. */
function sharedItemRepeats(menus: readonly [string, Menu][]): Problem[] {
  const sharedFiles = new Map<string, string>();
  for (const [sharedFile, part] of menus.filter(([, menu]) => menu.inEveryMenu === true)) {
    for (const [group, items] of Object.entries(part.groups)) {
      for (const item of items ?? []) if (item.route) sharedFiles.set(`${group} ${item.route.toLowerCase()}`, sharedFile);
    }
  }
  const problems: Problem[] = [];
  for (const [file, menu] of menus) {
    if (menu.inEveryMenu === true) continue;
    for (const [group, items] of Object.entries(menu.groups)) {
      const walk = (list: readonly MenuItem[], at: string) =>
        list.forEach((item, index) => {
          const here = pointer(at, index);
          const sharedFile = item.route === undefined ? undefined : sharedFiles.get(`${group} ${item.route.toLowerCase()}`);
          if (item.route !== undefined && sharedFile !== undefined) {
            problems.push({ file, pointer: pointer(here, 'route'), message: `'${item.route}' is added to every menu's group '${group}' by ${sharedFile}, so this menu would list it twice`, fix: 'remove it here' });
          }
          if (item.children) walk(item.children, pointer(here, 'children'));
        });
      if (items) walk(items, pointer('/groups', group));
    }
  }
  return problems;
}

/** Every tenant type has one menu for its tenants made on the Control Panel (forTenantTypes), never two. */
function typeMenuProblems(menus: readonly [string, Menu][], allRead: boolean): Problem[] {
  const problems: Problem[] = [];
  const owner = new Map<string, string>();
  for (const [file, menu] of menus) {
    (menu.forTenantTypes ?? []).forEach((type, index) => {
      const first = owner.get(type);
      if (first === undefined) owner.set(type, file);
      else problems.push({ file, pointer: pointer('/forTenantTypes', index), message: `tenant type '${type}' already has its menu in ${first}`, fix: 'list each tenant type in one menu only' });
    });
  }
  if (!allRead) return problems;
  for (const type of tenantSchema.properties.type.enum) {
    if (!owner.has(type)) {
      problems.push({
        file: 'schemas/menus',
        pointer: '',
        message: `no menu lists tenant type '${type}' in forTenantTypes, so a ${type} tenant made on the Control Panel has no menu`,
        fix: `add "forTenantTypes": ["${type}"] to the menu such tenants get`,
      });
    }
  }
  return problems;
}

function checkScreens(input: CrossCheckInput): Problem[] {
  return Object.entries(input.files).flatMap(([path, json]) =>
    input.kinds[path] === 'screen' && isJson(json) && isJson(json.parts) ? checkScreenParts(path.slice(1), { parts: json.parts }) : [],
  );
}

export function crossCheck(input: CrossCheckInput): Problem[] {
  return [...checkTenants(input), ...checkForms(input), ...checkTables(input), ...checkMenus(input), ...checkScreens(input), ...checkApprovals(input), ...checkRequiredFiles(input.present)];
}
