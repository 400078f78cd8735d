// Removing a factor is asked first. A refusal stays in the dialog with the gateway's message (the 409
// `factor_required` of a role that must keep one), so the user reads why before closing it.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorText } from '../../../api/errors';

export const REMOVE_TEXT = {
  remove: 'Remove',
  cancel: 'Cancel',
} as const;

export interface RemoveFactorDialogProps {
  title: string;
  question: string;
  remove: () => Promise<unknown>;
  /** Called when the dialog closes: removed, or cancelled. */
  onClose: (removed: boolean) => void;
}

export function RemoveFactorDialog({ title, question, remove, onClose }: RemoveFactorDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setPending(true);
    setError(null);
    remove().then(
      () => onClose(true),
      (failure: unknown) => {
        setPending(false);
        setError(errorText(failure));
      },
    );
  };
  return (
    <Modal opened onClose={() => !pending && onClose(false)} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">{question}</Text>
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={pending} data-autofocus>
            {REMOVE_TEXT.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={pending}>
            {REMOVE_TEXT.remove}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
