import { Alert } from '@mantine/core';

/** A failure on the sign-in and recovery screens: shown until dismissed (users-and-wallets §4). */
export function ErrorAlert({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss} role="alert">
      {message}
    </Alert>
  );
}
