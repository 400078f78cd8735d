// The frame of a dialog that may end on recovery codes (adding an app or a passkey, new codes): until then it closes
// as any dialog does, unless busy; once the codes show, only their "Done" closes it, since they cannot be shown again.
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecoveryCodeList } from './RecoveryCodeList';

interface RecoveryCodesModalProps {
  title: string;
  codesTitle: string;
  /** The codes to show once, or null while the dialog is still at its own steps. */
  codes: readonly string[] | null;
  busy: boolean;
  onCancel: () => void;
  onSaved: () => void;
  /** The dialog's own steps, drawn until the codes show. */
  children: ReactNode;
}

export function RecoveryCodesModal({ title, codesTitle, codes, busy, onCancel, onSaved, children }: RecoveryCodesModalProps) {
  const showing = codes !== null;
  return (
    <Modal
      opened
      onClose={() => !busy && !showing && onCancel()}
      withCloseButton={!showing}
      closeOnEscape={!showing}
      closeOnClickOutside={false}
      title={showing ? codesTitle : title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {showing ? <RecoveryCodeList codes={codes} onSaved={onSaved} /> : children}
    </Modal>
  );
}
