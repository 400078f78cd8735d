// Ending sessions is never one click: a red button asks first, then ends them and says how it went.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { errorText } from '../../../api/errors';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../render/notify';

export interface EndSessionsButtonProps {
  /** The button's text, also the dialog's title and its confirm button. */
  label: string;
  question: string;
  /** What the notice says once they have ended. */
  done: string;
  disabled: boolean;
  pending: boolean;
  end: () => Promise<unknown>;
}

export function EndSessionsButton({ label, question, done, disabled, pending, end }: EndSessionsButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    end().then(
      () => notifySuccess(done),
      (error: unknown) => notifyError(errorText(error)),
    ).finally(() => setConfirming(false));
  return (
    <>
      <Group>
        <Button color="red" variant="light" disabled={disabled} onClick={() => setConfirming(true)}>
          {label}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={label}
        message={question}
        confirmLabel={label}
        cancelLabel="Cancel"
        danger
        loading={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
