// identity-and-catalogue §2 scope form (schemas/forms/api-scope.json) in add mode (/admin/scopes/add-scope) or update
// mode (/admin/scopes/{resourceId}/{id}, or /admin/scopes/{id} found among all scopes). Saving asks for confirmation,
// then shows loading, then the §8 success text and the list; a failed update is not surfaced (§8).
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { useStaffContext } from '../../../config/staff-context';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { SchemaForm, type FormValues } from '../../../render/form';
import { Loading } from '../../../render/Loading';
import { notifyError, notifySuccess } from '../../../render/notify';
import { AdminOnly } from '../AdminOnly';
import { useCreateApiScope, type ApiScopeInput } from '../api/create-api-scope';
import { useApiScope } from '../api/get-api-scope';
import { useAllApiResources } from '../api/list-api-resources';
import { getApiScopesQueryOptions, type ApiScopeRecord } from '../api/list-api-scopes';
import { useUpdateApiScope, type ApiScopeChanges } from '../api/update-api-scope';
import { changedFields, formDataOf } from '../changed-fields';
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
  const navigate = useNavigate();
  const { ruleContext } = useStaffContext();
  const resources = useAllApiResources();
  const create = useCreateApiScope();
  const update = useUpdateApiScope();
  const [pending, setPending] = useState<FormValues | null>(null);
  const saving = create.isPending || update.isPending;
  const initial = useMemo(() => (scope ? formDataOf(scope, SCOPE_FIELDS) : { showInDiscoveryDocument: true }), [scope]);
  const context = useMemo(() => ({ ...ruleContext, newRecord: scope === undefined }), [ruleContext, scope]);
  const lists = useMemo(() => ({ listApiResources: resources.data?.rows ?? [] }), [resources.data]);

  const save = () => {
    if (!pending) return;
    if (scope) {
      update.mutate(
        { id: scope.id, changes: changedFields(initial, pending) as ApiScopeChanges },
        {
          onSuccess: () => {
            notifySuccess(SCOPE_UPDATED);
            void navigate(SCOPES_ROUTE);
          },
          // §8: scope update failures are not surfaced.
          onSettled: () => setPending(null),
        },
      );
    } else {
      create.mutate(pending as ApiScopeInput, {
        onSuccess: () => {
          notifySuccess(SCOPE_CREATED);
          void navigate(SCOPES_ROUTE);
        },
        onError: (error) => notifyError(errorText(error)),
        onSettled: () => setPending(null),
      });
    }
  };

  return (
    <>
      <SchemaForm
        formId="api-scope"
        context={context}
        formData={initial}
        lists={lists}
        submitting={saving}
        onSubmit={setPending}
        actions={
          <Button component={Link} to={SCOPES_ROUTE} variant="default">
            Back to list
          </Button>
        }
      />
      <ConfirmDialog opened={pending !== null} title="Save scope" message={SAVE_SCOPE_QUESTION} loading={saving} onConfirm={save} onCancel={() => setPending(null)} />
    </>
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
  return (
    <AdminOnly>
      <ScopeFormPage />
    </AdminOnly>
  );
}
