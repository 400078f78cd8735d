// identity-and-catalogue §3 client id: optional on create (Generate fills a base64 GUID), read-only on update, and
// copyable; the copy confirmation shows for 3 seconds (§9).
import { ActionIcon, Button, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { generateClientId } from './tenant-form';

const COPY_CONFIRMATION_MS = 3000;
const CLIENT_ID_COPIED = 'Client Id copied!';

export interface ClientIdFieldProps {
  value: string;
  readOnly: boolean;
  error?: string;
  onChange: (value: string) => void;
}

export function ClientIdField({ value, readOnly, error, onChange }: ClientIdFieldProps) {
  const clipboard = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  return (
    <div>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label="Client Id"
          description={readOnly ? 'The client id never changes' : 'Left empty, one is generated'}
          value={value}
          readOnly={readOnly}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {!readOnly && (
          <Button variant="default" onClick={() => onChange(generateClientId())}>
            Generate
          </Button>
        )}
        <Tooltip label="Copy Client Id">
          <ActionIcon variant="default" size="lg" aria-label="Copy Client Id" disabled={value === ''} onClick={() => clipboard.copy(value)}>
            ⧉
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="sm" c="green.9" role="status" aria-live="polite" mih={20}>
        {clipboard.copied ? CLIENT_ID_COPIED : ''}
      </Text>
    </div>
  );
}
