import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import type { UploadedDocument } from '../../../flows/upload-documents.machine';
import { DocumentUploadModal } from './DocumentUploadModal';

export interface UploadDocumentsButtonProps extends Omit<ButtonProps, 'onClick'> {
  userId: string;
  onUploaded?: (document: UploadedDocument) => void;
  label?: string;
}

/** users-and-wallets §2 'Upload Documents' on the user details, opening the document upload modal. */
export function UploadDocumentsButton({ userId, onUploaded, label = 'Upload Documents', ...buttonProps }: UploadDocumentsButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" {...buttonProps} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <DocumentUploadModal opened={opened} userId={userId} onClose={() => setOpened(false)} onUploaded={onUploaded} />
    </>
  );
}
