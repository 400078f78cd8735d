// identity-and-catalogue §2-§5 tenant form, add mode (create or duplicate) and update mode. Saving asks for
// confirmation, then shows loading, then success (the §8 text, back to the list) or the error (the server's
// messages, else the generic text; the loader goes).
import { useMemo, useState, type FormEvent } from 'react';
import { Autocomplete, Button, Checkbox, Group, LoadingOverlay, MultiSelect, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError, errorText } from '../../../api/errors';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { useFormValidator } from '../../../render/form';
import { notifyError, notifySuccess } from '../../../render/notify';
import { useList, useMutate } from '../../../api/resource';
import { TENANT_CREATED, TENANT_UPDATED } from '../messages';
import { ClientIdField } from './ClientIdField';
import { ClaimsField, ClientRolesField, SecretsField } from './TenantLists';
import { TENANT_TYPES, createTenantInput, tenantChanges, validatedValues, type TenantFormMode, type TenantFormValues, type TenantRecord } from './tenant-form';

export const SAVE_TENANT_QUESTION = 'Are you sure you want to save this tenant?';
export const PROCESSING_TEXT = 'Please wait, while we process your request...';

export interface TenantFormProps {
  mode: TenantFormMode;
  initial: TenantFormValues;
  /** The tenant's single grant type (the first of its list), shown on update (§3). */
  grantType?: string;
  /** After a save: the saved tenant, carrying the clear value of each new secret once. */
  onSaved: (tenant: TenantRecord) => void;
}

function union(list: readonly string[] | undefined, chosen: readonly string[]): string[] {
  return [...new Set([...(list ?? []), ...chosen])].sort();
}

export function TenantForm({ mode, initial, grantType, onSaved }: TenantFormProps) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const validate = useFormValidator('tenant');
  const grantTypes = useList('listGrantTypes', {});
  const prefixes = useList('listClaimsPrefixes', {});
  const scopes = useList('listApiScopes', { query: { getAll: true } });
  const prefixNames = useMemo(() => prefixes.data?.rows.map((prefix) => prefix.name), [prefixes.data]);
  const grantTypeNames = useMemo(() => grantTypes.data?.rows.map((grantType) => grantType.name), [grantTypes.data]);
  const create = useMutate('createTenant');
  const update = useMutate('updateTenant');
  const saving = create.isPending || update.isPending;

  const ruleErrors = useMemo(() => (checked ? validate(validatedValues(values, mode)) : {}), [checked, validate, values, mode]);
  const errors = { ...serverErrors, ...ruleErrors };
  const set = <K extends keyof TenantFormValues>(key: K, value: TenantFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(validate(validatedValues(values, mode))).length === 0) setConfirming(true);
  };

  const save = () => {
    const done = {
      onSuccess: (tenant: TenantRecord | undefined) => {
        setConfirming(false);
        notifySuccess(mode === 'add' ? TENANT_CREATED : TENANT_UPDATED);
        if (tenant) onSaved(tenant);
      },
      onError: (error: Error) => {
        setConfirming(false);
        if (error instanceof ApiError) setServerErrors(error.fieldErrors());
        notifyError(errorText(error));
      },
    };
    if (mode === 'add') create.mutate({ body: { data: createTenantInput(values) } }, done);
    else update.mutate({ path: { id: values.id }, attributes: tenantChanges(values) }, done);
  };

  const scopeNames = useMemo(() => union(scopes.data?.rows.map((scope) => scope.name), values.scopes), [scopes.data, values.scopes]);

  return (
    <form onSubmit={submit} noValidate aria-label="Tenant" style={{ position: 'relative' }}>
      <LoadingOverlay visible={saving} loaderProps={{ role: 'status', 'aria-label': PROCESSING_TEXT }} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label="Id"
            description={mode === 'add' ? 'Left empty, one is made from the name' : undefined}
            value={values.id}
            readOnly={mode === 'update'}
            error={errors.id}
            onChange={(event) => set('id', event.currentTarget.value)}
          />
          <ClientIdField value={values.clientId} readOnly={mode === 'update'} error={errors.clientId} onChange={(value) => set('clientId', value)} />
          <TextInput label="Name" required value={values.clientName} error={errors.clientName} onChange={(event) => set('clientName', event.currentTarget.value)} />
          <Autocomplete
            label="Client Claims Prefix"
            description="Choose one in use or type a new one"
            required
            data={prefixNames ?? []}
            value={values.clientClaimsPrefix}
            error={errors.clientClaimsPrefix}
            onChange={(value) => set('clientClaimsPrefix', value)}
          />
        </SimpleGrid>
        <Textarea label="Description" required value={values.description} error={errors.description} onChange={(event) => set('description', event.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label="Type"
            data={[...TENANT_TYPES]}
            value={values.type}
            allowDeselect={false}
            onChange={(value) => {
              const type = TENANT_TYPES.find((known) => known === value);
              if (type) set('type', type);
            }}
          />
          <Group gap="xl" mt={{ md: 28 }}>
            <Checkbox label="Enabled" checked={values.enabled} onChange={(event) => set('enabled', event.currentTarget.checked)} />
            <Checkbox
              label="Require client secret"
              checked={values.requireClientSecret}
              onChange={(event) => set('requireClientSecret', event.currentTarget.checked)}
            />
          </Group>
          <MultiSelect
            label="Grant Types"
            description={mode === 'update' && grantType ? `Grant type: ${grantType}` : 'Choose from the list'}
            data={union(grantTypeNames, values.grantTypes)}
            value={values.grantTypes}
            searchable
            onChange={(value) => set('grantTypes', value)}
          />
          <TextInput
            label="Manual grant types"
            description="Comma separated, no spaces"
            value={values.manualGrantTypes}
            error={errors.manualGrantTypes}
            onChange={(event) => set('manualGrantTypes', event.currentTarget.value)}
          />
        </SimpleGrid>
        <MultiSelect label="Scopes" data={scopeNames} value={values.scopes} searchable error={errors.scopes} onChange={(value) => set('scopes', value)} />
        <ClientRolesField value={values.clientRoles} onChange={(roles) => set('clientRoles', roles)} />
        <ClaimsField value={values.claims} errors={errors} onChange={(claims) => set('claims', claims)} />
        {mode === 'update' && <SecretsField value={values.secrets} errors={errors} onChange={(secrets) => set('secrets', secrets)} />}
        <Group>
          <Button type="submit" loading={saving}>
            Save
          </Button>
          <Button component={Link} to="/admin/tenants" variant="default">
            Back to list
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Save tenant"
        message={SAVE_TENANT_QUESTION}
        loading={saving}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
