// identity-and-catalogue §2 resource form (schemas/forms/api-resource.json) in add mode (/admin/resources/add-resource)
// or update mode (/admin/resources/{id}), where the resource's scopes are ticked and unticking one removes it on save.
// Saving asks for confirmation, then shows loading, then the §8 success text and the list; a failed update is not
// surfaced (§8).
import { useMemo, useState } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { useStaffContext } from '../../../config/staff-context';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { SchemaForm, type FormValues } from '../../../render/form';
import { Loading } from '../../../render/Loading';
import { notifyError, notifySuccess } from '../../../render/notify';
import { AdminOnly } from '../AdminOnly';
import { useCreateApiResource, type ApiResourceInput } from '../api/create-api-resource';
import { useApiResource } from '../api/get-api-resource';
import type { ApiResourceRecord } from '../api/list-api-resources';
import { useUpdateApiResource, type ApiResourceChanges } from '../api/update-api-resource';
import { changedFields, formDataOf } from '../changed-fields';
import { RESOURCE_CREATED, RESOURCE_UPDATED } from '../messages';

export const SAVE_RESOURCE_QUESTION = 'Are you sure you want to save this resource?';
const RESOURCES_ROUTE = '/admin/Resources';
const RESOURCE_FIELDS = ['name', 'displayName', 'description', 'enabled', 'scopes'] as const;

function ResourceForm({ resource }: { resource: ApiResourceRecord | undefined }) {
  const navigate = useNavigate();
  const { ruleContext } = useStaffContext();
  const create = useCreateApiResource();
  const update = useUpdateApiResource();
  const [pending, setPending] = useState<FormValues | null>(null);
  const saving = create.isPending || update.isPending;
  const initial = useMemo(() => (resource ? formDataOf(resource, RESOURCE_FIELDS) : { enabled: true }), [resource]);
  const context = useMemo(() => ({ ...ruleContext, newRecord: resource === undefined }), [ruleContext, resource]);
  // The checkboxes offer the scopes the resource has; unticked ones are left out of `scopes` and so removed.
  const lists = useMemo(() => ({ listApiScopes: (resource?.scopes ?? []).map((name) => ({ name })) }), [resource]);

  const save = () => {
    if (!pending) return;
    if (resource) {
      update.mutate(
        { id: resource.id, changes: changedFields(initial, pending) as ApiResourceChanges },
        {
          onSuccess: () => {
            notifySuccess(RESOURCE_UPDATED);
            void navigate(RESOURCES_ROUTE);
          },
          // §8: resource update failures are not surfaced.
          onSettled: () => setPending(null),
        },
      );
    } else {
      create.mutate(pending as ApiResourceInput, {
        onSuccess: () => {
          notifySuccess(RESOURCE_CREATED);
          void navigate(RESOURCES_ROUTE);
        },
        onError: (error) => notifyError(errorText(error)),
        onSettled: () => setPending(null),
      });
    }
  };

  return (
    <>
      <SchemaForm
        formId="api-resource"
        context={context}
        formData={initial}
        lists={lists}
        submitting={saving}
        onSubmit={setPending}
        actions={
          <Button component={Link} to={RESOURCES_ROUTE} variant="default">
            Back to list
          </Button>
        }
      />
      <ConfirmDialog
        opened={pending !== null}
        title="Save resource"
        message={SAVE_RESOURCE_QUESTION}
        loading={saving}
        onConfirm={save}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

function ResourceFormPage() {
  const { id } = useParams();
  const resource = useApiResource(id);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {id ? 'Update Resource' : 'Create Resource'}
      </Title>
      {id && resource.isPending ? (
        <Loading />
      ) : id && resource.isError ? (
        <Alert color="red">{errorText(resource.error)}</Alert>
      ) : (
        <ResourceForm key={resource.data?.id ?? 'new'} resource={id ? resource.data : undefined} />
      )}
    </Stack>
  );
}

export function ResourceFormScreen() {
  return (
    <AdminOnly>
      <ResourceFormPage />
    </AdminOnly>
  );
}
