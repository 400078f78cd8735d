// identity-and-catalogue §2 Resources: schemas/tables/api-resources.json; View opens the resource form, Create
// Resource an empty one.
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SchemaTable, useTableController } from '../../../render/table';
import { AdminOnly } from '../AdminOnly';

function ResourcesList() {
  const list = useTableController('api-resources');
  const navigate = useNavigate();
  const open = (id: string) => void navigate(`/admin/resources/${encodeURIComponent(id)}`);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable
        {...list.tableProps}
        onRowOpen={(row) => open(row.id)}
        onRowAction={(actionId, row) => actionId === 'view' && open(row.id)}
        onToolbarAction={(actionId) => actionId === 'createResource' && void navigate('/admin/resources/add-resource')}
      />
    </Stack>
  );
}

export function ResourcesScreen() {
  return (
    <AdminOnly>
      <ResourcesList />
    </AdminOnly>
  );
}
