// identity-and-catalogue §2 scope form (schemas/forms/api-scope.json) in add mode (/admin/scopes/add-scope) or update
// mode (/admin/scopes/{resourceId}/{id}, or /admin/scopes/{id} found among all scopes). Saving asks for confirmation,
// then shows loading, then the §8 success text and the list; a failed save shows the gateway's message (ConfirmedRecordForm).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { Loading } from '../../../render/Loading';
import { useCreateApiScope, type ApiScopeInput } from '../api/create-api-scope';
import { useApiScope } from '../api/get-api-scope';
import { useAllApiResources } from '../api/list-api-resources';
import { getApiScopesQueryOptions, type ApiScopeRecord } from '../api/list-api-scopes';
import { useUpdateApiScope, type ApiScopeChanges } from '../api/update-api-scope';
import { formDataOf } from '../changed-fields';
import { ConfirmedRecordForm } from '../ConfirmedRecordForm';
import { SCOPE_CREATED, SCOPE_UPDATED } from '../messages';

const SCOPE_NOT_FOUND = 'There is no such scope.';
export const SAVE_SCOPE_QUESTION = 'Are you sure you want to save this scope?';
const SCOPES_ROUTE = '/admin/scopes';
const SCOPE_FIELDS = ['apiResourceId', 'name', 'displayName', 'description', 'required', 'emphasize', 'showInDiscoveryDocument'] as const;

/** The scope the address names: read from its resource, or looked up among all scopes when only its id is given. */
function useScopeOfRoute(resourceId: string | undefined, id: string | undefined) {
  const direct = useApiScope(resourceId && id ? { resourceId, id } : undefined);
  const all = useQuery({ ...getApiScopesQueryOptions({ tenant: null, params: { getAll: 'true' } }), enabled: id !== undefined && !resourceId });
  if (!id) return { scope: undefined, pending: false, error: null };
  if (resourceId) return { scope: direct.data, pending: direct.isPending, error: direct.isError ? errorText(direct.error) : null };
  const scope = all.data?.rows.find((row) => row.id === id);
  const error = all.isError ? errorText(all.error) : all.data && !scope ? SCOPE_NOT_FOUND : null;
  return { scope, pending: all.isPending, error };
}

function ScopeForm({ scope }: { scope: ApiScopeRecord | undefined }) {
  const resources = useAllApiResources();
  const create = useCreateApiScope();
  const update = useUpdateApiScope();
  const initial = useMemo(() => (scope ? formDataOf(scope, SCOPE_FIELDS) : { showInDiscoveryDocument: true }), [scope]);
  const lists = useMemo(() => ({ listApiResources: resources.data?.rows ?? [] }), [resources.data]);
  return (
    <ConfirmedRecordForm<ApiScopeInput, ApiScopeChanges>
      formId="api-scope"
      recordId={scope?.id}
      initial={initial}
      lists={lists}
      listRoute={SCOPES_ROUTE}
      confirmTitle="Save scope"
      question={SAVE_SCOPE_QUESTION}
      created={SCOPE_CREATED}
      updated={SCOPE_UPDATED}
      create={create}
      update={update}
    />
  );
}

function ScopeFormPage() {
  const { resourceId, id } = useParams();
  const { scope, pending, error } = useScopeOfRoute(resourceId, id);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {id ? 'Update Scope' : 'Create Scope'}
      </Title>
      {pending ? <Loading /> : error ? <Alert color="red">{error}</Alert> : <ScopeForm key={scope?.id ?? 'new'} scope={scope} />}
    </Stack>
  );
}

export function ScopeFormScreen() {
  return <ScopeFormPage />;
}
