// identity-and-catalogue §2 resource form (schemas/forms/api-resource.json) in add mode (/admin/resources/add-resource)
// or update mode (/admin/resources/{id}), where the resource's scopes are ticked and unticking one removes it on save.
// Saving asks for confirmation, then shows loading, then the §8 success text and the list; a failed save shows the
// gateway's message (ConfirmedRecordForm).
import { useMemo } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { Loading } from '../../../render/Loading';
import { useCreateApiResource, type ApiResourceInput } from '../api/create-api-resource';
import { useApiResource } from '../api/get-api-resource';
import type { ApiResourceRecord } from '../api/list-api-resources';
import { useUpdateApiResource, type ApiResourceChanges } from '../api/update-api-resource';
import { formDataOf } from '../changed-fields';
import { ConfirmedRecordForm } from '../ConfirmedRecordForm';
import { RESOURCE_CREATED, RESOURCE_UPDATED } from '../messages';

export const SAVE_RESOURCE_QUESTION = 'Are you sure you want to save this resource?';
const RESOURCES_ROUTE = '/admin/Resources';
const RESOURCE_FIELDS = ['name', 'displayName', 'description', 'enabled', 'scopes'] as const;

function ResourceForm({ resource }: { resource: ApiResourceRecord | undefined }) {
  const create = useCreateApiResource();
  const update = useUpdateApiResource();
  const initial = useMemo(() => (resource ? formDataOf(resource, RESOURCE_FIELDS) : { enabled: true }), [resource]);
  // The checkboxes offer the scopes the resource has; unticked ones are left out of `scopes` and so removed.
  const lists = useMemo(() => ({ listApiScopes: (resource?.scopes ?? []).map((name) => ({ name })) }), [resource]);
  return (
    <ConfirmedRecordForm<ApiResourceInput, ApiResourceChanges>
      formId="api-resource"
      recordId={resource?.id}
      initial={initial}
      lists={lists}
      listRoute={RESOURCES_ROUTE}
      confirmTitle="Save resource"
      question={SAVE_RESOURCE_QUESTION}
      created={RESOURCE_CREATED}
      updated={RESOURCE_UPDATED}
      create={create}
      update={update}
    />
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
  return <ResourceFormPage />;
}
