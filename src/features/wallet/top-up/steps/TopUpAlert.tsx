import { Alert } from '@mantine/core';
import type { TopUpSnapshot } from '../../../../flows/top-up.machine';

/** users-and-wallets §8: the flow's errors and the re-send success show in the modal's alert. */
export function TopUpAlert({ snapshot, onDismiss }: { snapshot: TopUpSnapshot; onDismiss: () => void }) {
  const { alert } = snapshot.context;
  if (!alert) return null;
  const error = alert.severity === 'error';
  return (
    <Alert
      color={error ? 'red' : 'green'}
      variant="light"
      role={error ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={onDismiss}
    >
      {alert.text}
    </Alert>
  );
}
