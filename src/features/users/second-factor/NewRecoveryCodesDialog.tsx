// "New recovery codes": asked first (the old codes stop working), then the new ones shown once.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { useMutate } from '../../../api/resource';
import { RecoveryCodesModal } from './RecoveryCodesModal';

export const NEW_CODES_TEXT = {
  title: 'New recovery codes',
  codesTitle: 'Save your recovery codes',
  question: 'Make ten new recovery codes? Every code you have now stops working.',
  confirm: 'Make new codes',
  cancel: 'Cancel',
} as const;

/** `onClose(made)`: whether new codes were made (and shown). */
export function NewRecoveryCodesDialog({ onClose }: { onClose: (made: boolean) => void }) {
  const regenerate = useMutate('regenerateRecoveryCodes');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = () => {
    setError(null);
    regenerate.mutate(
      { credential: 'own' },
      { onSuccess: (enrolled) => setCodes(enrolled?.recoveryCodes ?? []), onError: (failure) => setError(errorText(failure)) },
    );
  };
  return (
    <RecoveryCodesModal
      title={NEW_CODES_TEXT.title}
      codesTitle={NEW_CODES_TEXT.codesTitle}
      codes={codes}
      busy={regenerate.isPending}
      onCancel={() => onClose(false)}
      onSaved={() => onClose(true)}
    >
        <Stack>
          <Text size="sm">{NEW_CODES_TEXT.question}</Text>
          {error !== null && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={regenerate.isPending} data-autofocus>
              {NEW_CODES_TEXT.cancel}
            </Button>
            <Button onClick={make} loading={regenerate.isPending}>
              {NEW_CODES_TEXT.confirm}
            </Button>
          </Group>
        </Stack>
    </RecoveryCodesModal>
  );
}
