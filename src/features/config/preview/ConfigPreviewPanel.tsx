// The Config page's preview: "as tenant X, role Y", the tenant's menu, any table file with demo rows and any form file
// live with its validation, drawn by the app's own renderers (Menu, SchemaTable, SchemaForm) from the files, so a
// product owner sees a column or validation change before it ships. The choice is kept in the address, so a reload
// (in `npm run dev`, saving a config file reloads the screens that use it) shows the same preview of the new file.
import { useMemo, useState, type MouseEvent } from 'react';
import { Alert, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DEFAULT_META, type FlatRecord } from '../../../api/jsonapi';
import { resolveMenu } from '../../../config/catalogue';
import { useConfig } from '../../../config/context';
import { formIds } from '../../../config/forms';
import { FLOWS, type FormId } from '../../../config/registry';
import type { RuleContext } from '../../../config/rules';
import type { TableConfig, Tenant } from '../../../config/types';
import { SchemaForm } from '../../../render/form';
import { Menu } from '../../../render/Menu';
import { notify } from '../../../render/notify';
import { initialTableQuery, SchemaTable } from '../../../render/table';
import { demoRows } from './demo-rows';
import { PREVIEW_ROLES, previewContext } from './preview-context';

/** Every flow a table action may name, saying what it would run: the preview shows the buttons the person would get. */
const PREVIEW_FLOWS = Object.fromEntries(Object.keys(FLOWS).map((name) => [name, () => notify('info', `Here the screen runs the ${name} flow.`, 'Preview')]));

/** The preview draws any form file, not only those a screen reads (a new form has no screen yet). */
function previewFormId(id: string): FormId {
  return id as FormId;
}

/** The role in the address, when it is one a preview may take; else the top admin. */
function previewRole(value: string | null): number {
  return PREVIEW_ROLES.find((each) => String(each.role) === value)?.role ?? 4;
}

// A menu entry in the preview shows where it leads; following it would leave the preview.
const stayOnPage = (event: MouseEvent) => event.preventDefault();

function PreviewMenu({ tenant, context }: { tenant: Tenant; context: RuleContext }) {
  const { set } = useConfig();
  const menu = useMemo(() => {
    try {
      return { menu: resolveMenu(set, tenant, context) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [set, tenant, context]);
  if ('error' in menu) {
    return (
      <Alert color="red" title="Menu">
        {menu.error}
      </Alert>
    );
  }
  return (
    <Paper withBorder p="xs" maw={280} onClickCapture={stayOnPage}>
      {menu.menu.banner && <Text fw={600}>{menu.menu.banner}</Text>}
      <Text size="sm">
        schemas/menus/{menu.menu.id}.json, group {menu.menu.group}
      </Text>
      <Menu items={menu.menu.items} label={`Menu of ${tenant.name} as role ${context.role ?? ''}`} />
    </Paper>
  );
}

function PreviewTable({ table, tenant, context }: { table: TableConfig; tenant: Tenant; context: RuleContext }) {
  const { set } = useConfig();
  const [query, setQuery] = useState(() => initialTableQuery(table));
  const rows: FlatRecord[] = useMemo(() => demoRows(table, set.colorMaps), [table, set.colorMaps]);
  const meta = { ...DEFAULT_META, itemTotal: rows.length, pageSize: query.pageSize, pageNumber: 1, pageTotal: 1 };
  return <SchemaTable config={table} data={rows} meta={meta} query={query} onQueryChange={setQuery} ruleContext={context} tenant={tenant} flows={PREVIEW_FLOWS} />;
}

function PreviewForm({ formId, context }: { formId: string; context: RuleContext }) {
  return (
    <SchemaForm
      key={formId}
      formId={previewFormId(formId)}
      context={context}
      onSubmit={() => notify('info', 'The form is valid. The preview sends nothing.', 'Preview')}
    />
  );
}

export function ConfigPreviewPanel() {
  const { set, loadTenants, getTenant } = useConfig();
  const [search, setSearch] = useSearchParams();
  const tenants = loadTenants();
  const tenant = getTenant(search.get('tenant') ?? '') ?? tenants[0];
  const role = previewRole(search.get('role'));
  const tableId = search.get('table');
  const formId = search.get('form');
  const newRecord = search.get('newRecord') !== 'false';
  const tables = Object.keys(set.tables).sort();
  const forms = formIds();
  const table = tableId ? set.tables[tableId] : undefined;
  const context = useMemo(() => (tenant ? previewContext(tenant, role, { newRecord }) : null), [tenant, role, newRecord]);

  const choose = (key: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (!tenant || !context) return <Alert title="Preview">No tenant files: add tenants/&lt;id&gt;.json.</Alert>;
  return (
    <Stack gap="lg">
      <Group align="flex-end" wrap="wrap">
        <Select label="As tenant" data={tenants.map((each) => ({ value: each.id, label: `${each.name} (${each.id})` }))} value={tenant.id} onChange={(value) => choose('tenant', value)} allowDeselect={false} searchable />
        <Select label="Role" data={PREVIEW_ROLES.map((each) => ({ value: String(each.role), label: each.label }))} value={String(role)} onChange={(value) => choose('role', value)} allowDeselect={false} />
      </Group>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Menu
        </Title>
        <PreviewMenu tenant={tenant} context={context} />
      </Stack>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Table
        </Title>
        <Select label="Table file" placeholder="Choose a table" data={tables.map((id) => ({ value: id, label: `schemas/tables/${id}.json` }))} value={table ? table.id : null} onChange={(value) => choose('table', value)} searchable clearable maw={360} />
        {table && <PreviewTable key={`${table.id}:${tenant.id}:${role}`} table={table} tenant={tenant} context={context} />}
      </Stack>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Form
        </Title>
        <Group align="flex-end">
          <Select label="Form file" placeholder="Choose a form" data={forms.map((id) => ({ value: id, label: `schemas/forms/${id}.json` }))} value={formId && forms.includes(formId) ? formId : null} onChange={(value) => choose('form', value)} searchable clearable maw={360} />
          <Switch label="Creating a new record" checked={newRecord} onChange={(event) => choose('newRecord', event.currentTarget.checked ? null : 'false')} />
        </Group>
        {formId && forms.includes(formId) && (
          <Paper withBorder p="md" maw={720}>
            <PreviewForm formId={formId} context={context} />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
