// identity-and-catalogue §2 Tenants: schemas/tables/tenants.json; View opens the form in update mode, Duplicate in
// add mode with the data copied, Create Tenant an empty one.
import { useNavigate } from 'react-router';
import { TableScreen } from '../../../render/table';
import { AdminOnly } from '../AdminOnly';

function TenantsList() {
  const navigate = useNavigate();
  return (
    <TableScreen
      tableId="tenants"
      onRowOpen={(row) => void navigate(`/admin/tenants/update/${encodeURIComponent(row.id)}`)}
      onRowAction={(actionId, row) => {
        if (actionId === 'view') void navigate(`/admin/tenants/update/${encodeURIComponent(row.id)}`);
        if (actionId === 'duplicate') void navigate(`/admin/tenants/duplicate/${encodeURIComponent(row.id)}`);
      }}
      onToolbarAction={(actionId) => actionId === 'createTenant' && void navigate('/admin/tenants/create')}
    />
  );
}

export function TenantsScreen() {
  return (
    <AdminOnly>
      <TenantsList />
    </AdminOnly>
  );
}
