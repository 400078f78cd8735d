// identity-and-catalogue §2 Tenants: schemas/tables/tenants.json; View opens the form in update mode, Duplicate in
// add mode with the data copied, Create Tenant an empty one.
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SchemaTable, useTableController } from '../../../render/table';
import { AdminOnly } from '../AdminOnly';

function TenantsList() {
  const list = useTableController('tenants');
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable
        {...list.tableProps}
        onRowOpen={(row) => void navigate(`/admin/tenants/update/${encodeURIComponent(row.id)}`)}
        onRowAction={(actionId, row) => {
          if (actionId === 'view') void navigate(`/admin/tenants/update/${encodeURIComponent(row.id)}`);
          if (actionId === 'duplicate') void navigate(`/admin/tenants/duplicate/${encodeURIComponent(row.id)}`);
        }}
        onToolbarAction={(actionId) => actionId === 'createTenant' && void navigate('/admin/tenants/create')}
      />
    </Stack>
  );
}

export function TenantsScreen() {
  return (
    <AdminOnly>
      <TenantsList />
    </AdminOnly>
  );
}
