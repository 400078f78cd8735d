// The views menu of a schema table's toolbar: choose and order the columns, the rows per page, and the saved views
// kept by the gateway (src/api/views): apply one, save the table as it is now as a new view (private, shared with a
// role, or with the whole tenant and maybe its default, for top admins), save changes to one's own view or delete it.
// What is chosen lives in the table's query, so the address carries it (url-query.ts).
import { useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Menu, Modal, Popover, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { errorText } from '../../api/errors';
import { useTableViewChanges, useTableViews, type TableView, type TableViewScope } from '../../api/views';
import { notifyError, notifySuccess } from '../notify';
import { initialTableQuery } from './table-query';
import { moveColumn, PAGE_SIZES, queryOfView, viewState } from './table-views';
import type { SchemaTableModel } from './useSchemaTable';

const SHARE_ROLE_OF = { '4': 4, '16': 16, '64': 64 } as const;
type ShareRole = (typeof SHARE_ROLE_OF)[keyof typeof SHARE_ROLE_OF];
const shareRole = (value: string | null): ShareRole | null => (value !== null && value in SHARE_ROLE_OF ? SHARE_ROLE_OF[value as keyof typeof SHARE_ROLE_OF] : null);

const SHARE_ROLES = [
  { value: '4', label: 'Top admins (4)' },
  { value: '16', label: 'Group admins (16)' },
  { value: '64', label: 'Field officers (64)' },
];

function scopeLabel(view: TableView): string | null {
  if (view.isDefault) return 'Default';
  if (view.scope === 'tenant') return 'Everyone';
  if (view.scope === 'role') return `Role ${view.role ?? ''}`;
  return null;
}

function ColumnsChooser({ model }: { model: SchemaTableModel }) {
  const all = model.availableColumns;
  const shown = model.columns.map((column) => column.id);
  const order = [...shown, ...all.map((column) => column.id).filter((id) => !shown.includes(id))];
  const change = (ids: string[]) => model.onQueryChange({ ...model.query, columns: ids });
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <Button variant="default" size="xs">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} role="group" aria-label="Columns">
          {order.map((id, index) => {
            const column = all.find((candidate) => candidate.id === id);
            if (!column) return null;
            const name = column.header || column.id;
            const visible = shown.includes(id);
            return (
              <Group key={id} gap={4} wrap="nowrap" justify="space-between">
                <Checkbox
                  size="xs"
                  label={name}
                  checked={visible}
                  disabled={visible && shown.length === 1}
                  onChange={(event) => change(event.currentTarget.checked ? order.filter((other) => other === id || shown.includes(other)) : shown.filter((other) => other !== id))}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon size="sm" variant="subtle" aria-label={`Move ${name} up`} disabled={!visible || index === 0} onClick={() => change(moveColumn(shown, id, -1))}>
                    ↑
                  </ActionIcon>
                  <ActionIcon size="sm" variant="subtle" aria-label={`Move ${name} down`} disabled={!visible || index >= shown.length - 1} onClick={() => change(moveColumn(shown, id, 1))}>
                    ↓
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

interface SaveViewModalProps {
  opened: boolean;
  onClose: () => void;
  mayShareWithTenant: boolean;
  saving: boolean;
  onSave: (view: { name: string; scope: TableViewScope; role: ShareRole | null; isDefault: boolean }) => void;
}

function SaveViewModal({ opened, onClose, mayShareWithTenant, saving, onSave }: SaveViewModalProps) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TableViewScope>('private');
  const [role, setRole] = useState<string | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const ready = name.trim() !== '' && (scope !== 'role' || role !== null);
  return (
    <Modal opened={opened} onClose={onClose} title="Save view" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onSave({ name: name.trim(), scope, role: scope === 'role' ? shareRole(role) : null, isDefault: scope === 'tenant' && isDefault });
        }}
      >
        <Stack>
          <TextInput label="View name" required maxLength={60} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
          <Radio.Group label="Who sees it" value={scope} onChange={(value) => setScope(value as TableViewScope)}>
            <Stack gap={6} mt={4}>
              <Radio value="private" label="Only me" />
              <Radio value="role" label="Everyone with a role" />
              {mayShareWithTenant && <Radio value="tenant" label="Everyone in the tenant" />}
            </Stack>
          </Radio.Group>
          {scope === 'role' && <Select label="Role" data={SHARE_ROLES} value={role} onChange={setRole} required />}
          {scope === 'tenant' && <Checkbox label="Tenant default" checked={isDefault} onChange={(event) => setIsDefault(event.currentTarget.checked)} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!ready}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface TableViewsBarProps {
  model: SchemaTableModel;
}

export function TableViewsBar({ model }: TableViewsBarProps) {
  const { query, onQueryChange, ruleContext } = model;
  const table = model.view.id;
  const views = useTableViews({ table, tenant: ruleContext.tenant }, true);
  const changes = useTableViewChanges();
  const [saving, setSaving] = useState(false);
  const current = views.data?.find((view) => view.id === query.view) ?? null;
  const mayShareWithTenant = ruleContext.roles.includes(4) || ruleContext.role === 4;
  const fail = (error: unknown) => notifyError(errorText(error));

  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs">
            {current ? `Views: ${current.name}` : 'Views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Saved views</Menu.Label>
          <Menu.Item onClick={() => onQueryChange({ ...initialTableQuery(model.view), columns: null, view: null })}>Table as configured</Menu.Item>
          {(views.data ?? []).map((view) => (
            <Menu.Item key={view.id} onClick={() => onQueryChange(queryOfView(view))} rightSection={scopeLabel(view) && <Badge size="xs" variant="light">{scopeLabel(view)}</Badge>}>
              {view.name}
            </Menu.Item>
          ))}
          {views.isError && (
            <Text size="xs" c="red" px="sm">
              {errorText(views.error)}
            </Text>
          )}
          <Menu.Divider />
          <Menu.Item onClick={() => setSaving(true)}>Save as new view…</Menu.Item>
          {current?.mine && (
            <Menu.Item
              onClick={() =>
                changes.update.mutate({ id: current.id, state: viewState(query) }, { onSuccess: (view) => notifySuccess(`View '${view.name}' saved`), onError: fail })
              }
            >
              {`Save changes to '${current.name}'`}
            </Menu.Item>
          )}
          {current?.mine && (
            <Menu.Item
              color="red"
              onClick={() =>
                changes.remove.mutate(current.id, {
                  onSuccess: () => {
                    onQueryChange({ ...query, view: null });
                    notifySuccess(`View '${current.name}' deleted`);
                  },
                  onError: fail,
                })
              }
            >
              {`Delete '${current.name}'`}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ColumnsChooser model={model} />
      <Select
        aria-label="Rows per page"
        size="xs"
        w={80}
        data={PAGE_SIZES.map(String)}
        value={String(query.pageSize)}
        allowDeselect={false}
        onChange={(value) => value && onQueryChange({ ...query, page: 1, pageSize: Number(value) })}
      />
      {saving && (
        <SaveViewModal
          opened
          onClose={() => setSaving(false)}
          mayShareWithTenant={mayShareWithTenant}
          saving={changes.create.isPending}
          onSave={(settings) =>
            changes.create.mutate(
              { table, ...settings, state: viewState(query) },
              {
                onSuccess: (view) => {
                  setSaving(false);
                  onQueryChange({ ...query, view: view.id });
                  notifySuccess(`View '${view.name}' saved`);
                },
                onError: fail,
              },
            )
          }
        />
      )}
    </Group>
  );
}
