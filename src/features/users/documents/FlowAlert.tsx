import { Alert } from '@mantine/core';
import type { FlowAlert as FlowAlertValue } from '../../../flows/upload-documents.machine';

const COLORS = { error: 'red', warning: 'yellow', success: 'green' } as const;

/** A flow's alert inside its modal (users-and-wallets §8: errors show in the modal's alert). */
export function FlowAlert({ alert, onDismiss }: { alert: FlowAlertValue | null; onDismiss: () => void }) {
  if (!alert) return null;
  return (
    <Alert color={COLORS[alert.severity]} title={alert.title} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss} role="alert">
      {alert.text}
    </Alert>
  );
}
