// identity-and-catalogue §2 resource form (schemas/forms/api-resource.json) in add mode (/admin/resources/add-resource)
// or update mode (/admin/resources/{id}), where the resource's scopes are ticked and unticking one removes it on save.
// Saving asks for confirmation, then shows loading, then the §8 success text and the list; a failed save shows the
// gateway's message (ConfirmedRecordForm).
import { useMemo } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { Loading } from '../../../render/Loading';
import { useRecordController, type RecordController } from '../../../api/record-controller';
import type { AttributesOf, RecordOf } from '../../../api/resource';
import { formDataOf } from '../changed-fields';
import { ConfirmedRecordForm } from '../ConfirmedRecordForm';
import { RESOURCE_CREATED, RESOURCE_UPDATED } from '../messages';

export const SAVE_RESOURCE_QUESTION = 'Are you sure you want to save this resource?';
const RESOURCES_ROUTE = '/admin/Resources';
const RESOURCE_FIELDS = ['name', 'displayName', 'description', 'enabled', 'scopes'] as const;

type ResourceController = RecordController<'getApiResource', 'updateApiResource', 'createApiResource'>;

function ResourceForm({ resource, controller }: { resource: RecordOf<'getApiResource'> | undefined; controller: ResourceController }) {
  const initial = useMemo(() => (resource ? formDataOf(resource, RESOURCE_FIELDS) : { enabled: true }), [resource]);
  // The checkboxes offer the scopes the resource has; unticked ones are left out of `scopes` and so removed.
  const lists = useMemo(() => ({ listApiScopes: (resource?.scopes ?? []).map((name) => ({ name })) }), [resource]);
  return (
    <ConfirmedRecordForm
      formId="api-resource"
      recordId={resource?.id}
      initial={initial}
      lists={lists}
      listRoute={RESOURCES_ROUTE}
      confirmTitle="Save resource"
      question={SAVE_RESOURCE_QUESTION}
      created={RESOURCE_CREATED}
      updated={RESOURCE_UPDATED}
      // The form file (schemas/forms/api-resource.json) validated the values against the resource's attributes.
      record={{ save: (values, callbacks) => controller.save(values as AttributesOf<'createApiResource'>, callbacks), saving: controller.saving }}
    />
  );
}

function ResourceFormPage() {
  const { id } = useParams();
  const resource = useRecordController({ read: 'getApiResource', update: 'updateApiResource', create: 'createApiResource', id });
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {id ? 'Update Resource' : 'Create Resource'}
      </Title>
      {resource.isPending ? (
        <Loading />
      ) : resource.error ? (
        <Alert color="red">{errorText(resource.error)}</Alert>
      ) : (
        <ResourceForm key={resource.record?.id ?? 'new'} resource={resource.record} controller={resource} />
      )}
    </Stack>
  );
}

export function ResourceFormScreen() {
  return <ResourceFormPage />;
}
