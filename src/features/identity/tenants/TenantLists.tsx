// The tenant form's list fields (identity-and-catalogue §3): client roles as a checkbox set of bits, claims as type
// and value pairs, and on update the secrets (type and value; kept ones show no value, it is never read back).
import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatDate } from '../../../render/format';
import { CLIENT_ROLE_BITS, NO_CLIENT_ROLE } from './client-roles';
import type { ClientRole, SecretValue, TenantFormValues } from './tenant-form';

const NONE_KEY = String(NO_CLIENT_ROLE.bit);

export function ClientRolesField({ value, onChange }: { value: ClientRole[]; onChange: (roles: ClientRole[]) => void }) {
  const keys = value.length === 0 ? [NONE_KEY] : value.map(String);
  const change = (next: string[]) => {
    // Ticking None clears every bit; ticking a bit clears None.
    if (next.includes(NONE_KEY) && !keys.includes(NONE_KEY)) return onChange([]);
    const bits = CLIENT_ROLE_BITS.filter((role) => next.includes(String(role.bit))).map((role) => role.bit);
    onChange(bits);
  };
  return (
    <Checkbox.Group label="Client Roles" value={keys} onChange={change}>
      <SimpleGrid cols={{ base: 2, sm: 5 }} mt="xs" spacing="xs">
        <Checkbox value={NONE_KEY} label={NO_CLIENT_ROLE.name} />
        {CLIENT_ROLE_BITS.map((role) => (
          <Checkbox key={role.bit} value={String(role.bit)} label={role.name} aria-label={`${role.name} (${role.bit})`} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

type Claim = TenantFormValues['claims'][number];

export function ClaimsField({ value, errors, onChange }: { value: Claim[]; errors: Record<string, string>; onChange: (claims: Claim[]) => void }) {
  const set = (index: number, change: Partial<Claim>) => onChange(value.map((claim, at) => (at === index ? { ...claim, ...change } : claim)));
  return (
    <Fieldset legend="Claims">
      <Stack gap="xs">
        {value.length === 0 && <Text size="sm">No claims.</Text>}
        {value.map((claim, index) => (
          <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={`Claim ${index + 1} type`}
              value={claim.type}
              error={errors[`claims.${index}.type`]}
              onChange={(event) => set(index, { type: event.currentTarget.value })}
            />
            <TextInput
              style={{ flex: 1 }}
              label={`Claim ${index + 1} value`}
              value={claim.value}
              error={errors[`claims.${index}.value`]}
              onChange={(event) => set(index, { value: event.currentTarget.value })}
            />
            <Button mt={24} variant="subtle" color="red" onClick={() => onChange(value.filter((_, at) => at !== index))}>
              Remove claim {index + 1}
            </Button>
          </Group>
        ))}
        <Group>
          <Button variant="light" onClick={() => onChange([...value, { type: '', value: '' }])}>
            Add claim
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export function SecretsField({ value, errors, onChange }: { value: SecretValue[]; errors: Record<string, string>; onChange: (secrets: SecretValue[]) => void }) {
  const setNew = (index: number, change: { type?: string; value?: string }) =>
    onChange(value.map((secret, at) => (at === index && secret.id === undefined ? { ...secret, ...change } : secret)));
  return (
    <Fieldset legend="Secrets">
      <Stack gap="xs">
        {value.length === 0 && <Text size="sm">No secrets.</Text>}
        {value.map((secret, index) =>
          secret.id !== undefined ? (
            <Group key={secret.id} gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {secret.type}
                {secret.description ? ` · ${secret.description}` : ''} · created {formatDate(secret.created)} · value hidden
              </Text>
              <Button variant="subtle" color="red" onClick={() => onChange(value.filter((_, at) => at !== index))}>
                Remove secret {index + 1}
              </Button>
            </Group>
          ) : (
            <Group key={`new-${index}`} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={`Secret ${index + 1} type`}
                value={secret.type}
                error={errors[`secrets.${index}.type`]}
                onChange={(event) => setNew(index, { type: event.currentTarget.value })}
              />
              <TextInput
                style={{ flex: 1 }}
                label={`Secret ${index + 1} value`}
                placeholder="Generated when empty"
                value={secret.value}
                onChange={(event) => setNew(index, { value: event.currentTarget.value })}
              />
              <Button mt={24} variant="subtle" color="red" onClick={() => onChange(value.filter((_, at) => at !== index))}>
                Remove secret {index + 1}
              </Button>
            </Group>
          ),
        )}
        <Group>
          <Button variant="light" onClick={() => onChange([...value, { type: 'SharedSecret', value: '' }])}>
            Add secret
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
