// identity-and-catalogue §2 Tenants: schemas/tables/tenants.json; View opens the form in update mode, Duplicate in
// add mode with the data copied, Create Tenant an empty one.
import { useNavigate } from 'react-router';
import { TableScreen } from '../../../render/table';

function TenantsList() {
  const navigate = useNavigate();
  return (
    <TableScreen
      tableId="tenants"
      onRowOpen={(row) => void navigate(`/admin/tenants/update/${encodeURIComponent(row.id)}`)}
      flows={{
        openTenant: (row) => void navigate(`/admin/tenants/update/${encodeURIComponent(row.id)}`),
        duplicateTenant: (row) => void navigate(`/admin/tenants/duplicate/${encodeURIComponent(row.id)}`),
        createTenant: () => void navigate('/admin/tenants/create'),
      }}
    />
  );
}

export function TenantsScreen() {
  return <TenantsList />;
}
