// identity-and-catalogue §2 scope form (schemas/forms/api-scope.json) in add mode (/admin/scopes/add-scope) or update
// mode (/admin/scopes/{resourceId}/{id}, or /admin/scopes/{id} found among all scopes). Saving asks for confirmation,
// then shows loading, then the §8 success text and the list; a failed save shows the gateway's message (ConfirmedRecordForm).
import { useMemo } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { Loading } from '../../../render/Loading';
import { useRecordController, type RecordController } from '../../../api/record-controller';
import { useList, type AttributesOf, type RowOf } from '../../../api/resource';
import { formDataOf } from '../changed-fields';
import { ConfirmedRecordForm } from '../ConfirmedRecordForm';
import { SCOPE_CREATED, SCOPE_UPDATED } from '../messages';

const SCOPE_NOT_FOUND = 'There is no such scope.';
export const SAVE_SCOPE_QUESTION = 'Are you sure you want to save this scope?';
const SCOPES_ROUTE = '/admin/scopes';
const SCOPE_FIELDS = ['apiResourceId', 'name', 'displayName', 'description', 'required', 'emphasize', 'showInDiscoveryDocument'] as const;

type ScopeController = RecordController<'getApiScope', 'updateApiScope', 'createApiScope'>;

/** The scope the address names: read from its resource, or looked up among all scopes when only its id is given. */
function useScopeOfRoute(resourceId: string | undefined, id: string | undefined) {
  const controller = useRecordController({
    read: 'getApiScope',
    update: 'updateApiScope',
    create: 'createApiScope',
    id,
    readInit: (scopeId) => (resourceId ? { path: { resourceId, id: scopeId } } : undefined),
  });
  const all = useList('listApiScopes', id !== undefined && !resourceId ? { query: { getAll: true } } : undefined);
  if (!id) return { controller, scope: undefined, pending: false, error: null };
  if (resourceId) return { controller, scope: controller.record, pending: controller.isPending, error: controller.error ? errorText(controller.error) : null };
  const scope = all.data?.rows.find((row) => row.id === id);
  const error = all.isError ? errorText(all.error) : all.data && !scope ? SCOPE_NOT_FOUND : null;
  return { controller, scope, pending: all.isPending, error };
}

function ScopeForm({ scope, controller }: { scope: RowOf<'listApiScopes'> | undefined; controller: ScopeController }) {
  const resources = useList('listApiResources', { query: { getAll: true } });
  const initial = useMemo(() => (scope ? formDataOf(scope, SCOPE_FIELDS) : { showInDiscoveryDocument: true }), [scope]);
  const lists = useMemo(() => ({ listApiResources: resources.data?.rows ?? [] }), [resources.data]);
  return (
    <ConfirmedRecordForm
      formId="api-scope"
      recordId={scope?.id}
      initial={initial}
      lists={lists}
      listRoute={SCOPES_ROUTE}
      confirmTitle="Save scope"
      question={SAVE_SCOPE_QUESTION}
      created={SCOPE_CREATED}
      updated={SCOPE_UPDATED}
      // The form file (schemas/forms/api-scope.json) validated the values against the scope's attributes.
      record={{ save: (values, callbacks) => controller.save(values as AttributesOf<'createApiScope'>, callbacks), saving: controller.saving }}
    />
  );
}

function ScopeFormPage() {
  const { resourceId, id } = useParams();
  const { controller, scope, pending, error } = useScopeOfRoute(resourceId, id);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {id ? 'Update Scope' : 'Create Scope'}
      </Title>
      {pending ? <Loading /> : error ? <Alert color="red">{error}</Alert> : <ScopeForm key={scope?.id ?? 'new'} scope={scope} controller={controller} />}
    </Stack>
  );
}

export function ScopeFormScreen() {
  return <ScopeFormPage />;
}
