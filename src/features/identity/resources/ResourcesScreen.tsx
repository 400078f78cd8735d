// identity-and-catalogue §2 Resources: schemas/tables/api-resources.json; View opens the resource form, Create
// Resource an empty one.
import { useNavigate } from 'react-router';
import { TableScreen } from '../../../render/table';

function ResourcesList() {
  const navigate = useNavigate();
  const open = (id: string) => void navigate(`/admin/resources/${encodeURIComponent(id)}`);
  return (
    <TableScreen
      tableId="api-resources"
      onRowOpen={(row) => open(row.id)}
      flows={{ openResource: (row) => open(row.id), createResource: () => void navigate('/admin/resources/add-resource') }}
    />
  );
}

export function ResourcesScreen() {
  return <ResourcesList />;
}
