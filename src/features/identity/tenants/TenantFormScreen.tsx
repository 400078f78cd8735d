// identity-and-catalogue §2 tenant form routes: /admin/tenants/create and /admin/tenants/{action} add a tenant,
// /admin/tenants/update/{id} updates one, /admin/tenants/duplicate/{id} adds a copy of one. A save returns to the list;
// a secret the save created shows its clear value first, since it is never shown again (IC §7).
import { useState } from 'react';
import { Alert, Button, Code, Modal, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { Loading } from '../../../render/Loading';
import { useRead } from '../../../api/resource';
import { TenantForm } from './TenantForm';
import { emptyTenantValues, TENANT_INCLUDE, tenantValues, type TenantFormMode, type TenantRecord } from './tenant-form';

const TENANTS_ROUTE = '/admin/tenants';

function formOf(action: string | undefined, id: string | undefined): { mode: TenantFormMode; sourceId?: string; title: string } {
  if (action === 'update' && id) return { mode: 'update', sourceId: id, title: 'Update Tenant' };
  if (action === 'duplicate' && id) return { mode: 'add', sourceId: id, title: 'Duplicate Tenant' };
  return { mode: 'add', title: 'Create Tenant' };
}

function NewSecrets({ tenant, onClose }: { tenant: TenantRecord | null; onClose: () => void }) {
  const shown = (tenant?.secrets ?? []).filter((secret) => secret.value !== null);
  return (
    <Modal opened={tenant !== null} onClose={onClose} title="New secrets" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>Copy each new secret now: it is not shown again.</Text>
        {shown.map((secret) => (
          <Stack key={secret.id} gap={4}>
            <Text size="sm" fw={600}>
              {secret.type}
            </Text>
            <Code block>{secret.value}</Code>
          </Stack>
        ))}
        <Button onClick={onClose}>Back to list</Button>
      </Stack>
    </Modal>
  );
}

function TenantFormPage() {
  const { action, id } = useParams();
  const navigate = useNavigate();
  const form = formOf(action, id);
  const source = useRead('getTenant', form.sourceId ? { path: { id: form.sourceId }, query: { include: TENANT_INCLUDE } } : undefined);
  const [secretsOf, setSecretsOf] = useState<TenantRecord | null>(null);
  const backToList = () => void navigate(TENANTS_ROUTE);
  const saved = (tenant: TenantRecord) => {
    if ((tenant.secrets ?? []).some((secret) => secret.value !== null)) setSecretsOf(tenant);
    else backToList();
  };

  let body;
  if (form.sourceId && source.isPending) body = <Loading />;
  else if (form.sourceId && source.isError) body = <Alert color="red">{errorText(source.error)}</Alert>;
  else {
    const initial = form.sourceId && source.data ? tenantValues(source.data, form.mode) : emptyTenantValues();
    body = (
      <TenantForm
        key={`${action ?? ''}-${id ?? ''}`}
        mode={form.mode}
        initial={initial}
        grantType={form.mode === 'update' ? source.data?.grantType : undefined}
        onSaved={saved}
      />
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {form.title}
      </Title>
      {body}
      <NewSecrets tenant={secretsOf} onClose={backToList} />
    </Stack>
  );
}

export function TenantFormScreen() {
  return <TenantFormPage />;
}
