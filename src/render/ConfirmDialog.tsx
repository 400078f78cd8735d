// A confirmation before an action is sent (users-and-wallets §2 'Are you sure want to modify this user?';
// remittances-and-payouts §4 Yes/No with optional reason notes). Mantine's Modal traps focus inside the dialog
// and returns it to the trigger when it closes.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';

export interface ConfirmNote {
  label: string;
  placeholder?: string;
  /** Confirm stays disabled until a note is written. */
  required?: boolean;
}

export interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Receives the note when `note` asks for one. */
  onConfirm: (note: string) => void;
  onCancel: () => void;
  /** Shows the confirm button busy and keeps the dialog from closing. */
  loading?: boolean;
  note?: ConfirmNote;
  /** A destructive action gets a red confirm button. */
  danger?: boolean;
}

export function ConfirmDialog({
  opened,
  title = 'Confirm',
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  onCancel,
  loading = false,
  note,
  danger = false,
}: ConfirmDialogProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (opened) setText('');
  }, [opened]);
  const missingNote = note?.required === true && text.trim() === '';

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onCancel();
      }}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>{message}</Text>
        {note && (
          <Textarea
            label={note.label}
            placeholder={note.placeholder}
            required={note.required}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            rows={3}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus={note ? undefined : true}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={() => onConfirm(text.trim())} loading={loading} disabled={missingNote}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
