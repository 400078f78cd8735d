// identity-and-catalogue §2 Scopes: schemas/tables/api-scopes.json; View Scope opens the scope form of its resource,
// Create Scope an empty one.
import { useNavigate } from 'react-router';
import type { FlatRecord } from '../../../api/jsonapi';
import { TableScreen } from '../../../render/table';

function scopeRoute(row: FlatRecord): string {
  const resourceId = typeof row.apiResourceId === 'string' ? row.apiResourceId : '';
  return resourceId ? `/admin/scopes/${encodeURIComponent(resourceId)}/${encodeURIComponent(row.id)}` : `/admin/scopes/${encodeURIComponent(row.id)}`;
}

function ScopesList() {
  const navigate = useNavigate();
  return (
    <TableScreen
      tableId="api-scopes"
      onRowOpen={(row) => void navigate(scopeRoute(row))}
      flows={{ openScope: (row) => void navigate(scopeRoute(row)), createScope: () => void navigate('/admin/scopes/add-scope') }}
    />
  );
}

export function ScopesScreen() {
  return <ScopesList />;
}
