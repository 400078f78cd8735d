// users-and-wallets §2 user document upload modal, §4 "Attachment upload: idle, loading, then confirmed or error".
// The flow is uploadDocumentsMachine; its upload runs on the gateway client.
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import {
  uploadDocumentsMachine,
  uploadLoadingText,
  type DocumentFields as DocumentValues,
  type UploadedDocument,
} from '../../../flows/upload-documents.machine';
import { useFormValidator } from '../../../render/form';
import { notifySuccess } from '../../../render/notify';
import { uploadDocumentsActor } from '../api/upload-documents';
import { DOCUMENT_FORM_ID, useDocumentFormLabels } from './document-form';
import { DocumentFields } from './DocumentFields';
import { FlowAlert } from './FlowAlert';

export interface DocumentUploadModalProps {
  opened: boolean;
  userId: string;
  onClose: () => void;
  /** After 'Successfully updated user attached documents.': refresh the user and its attachment card. */
  onUploaded?: (document: UploadedDocument) => void;
  title?: string;
}

const uploadMachine = uploadDocumentsMachine.provide({
  actors: { uploadDocuments: uploadDocumentsActor },
  actions: { notifySuccess: (_, params) => notifySuccess(params.text) },
});

function UploadDocumentsForm({ userId, onClose, onUploaded }: Pick<DocumentUploadModalProps, 'userId' | 'onClose' | 'onUploaded'>) {
  const { submitLabel } = useDocumentFormLabels();
  const validate = useFormValidator(DOCUMENT_FORM_ID);
  const validateDocument = useMemo(() => (fields: DocumentValues) => validate({ ...fields }), [validate]);
  const [snapshot, send] = useMachine(uploadMachine, { input: { userId, validateDocument } });
  const { context } = snapshot;
  const loading = uploadLoadingText(snapshot);

  const finished = useRef(false);
  useEffect(() => {
    if (snapshot.status !== 'done' || finished.current) return;
    finished.current = true;
    if (snapshot.output?.uploaded) onUploaded?.(snapshot.output.uploaded);
    onClose();
  }, [snapshot.status, snapshot.output, onUploaded, onClose]);

  return (
    <Stack>
      <FlowAlert alert={context.alert} onDismiss={() => send({ type: 'DISMISS_ALERT' })} />
      <DocumentFields
        values={context.fields}
        errors={context.errors}
        files={context.files}
        rejected={context.rejectedFiles}
        disabled={loading !== null}
        onChange={(values) => send({ type: 'CHANGE', values })}
        onAddFiles={(files) => send({ type: 'ADD_FILES', files })}
        onRemoveFile={(name) => send({ type: 'REMOVE_FILE', name })}
      />
      {loading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{loading}</Text>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => send({ type: 'CLOSE' })} disabled={loading !== null}>
          Cancel
        </Button>
        <Button
          loading={loading !== null}
          onClick={() => send(snapshot.can({ type: 'RETRY' }) ? { type: 'RETRY' } : { type: 'UPLOAD' })}
        >
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

export function DocumentUploadModal({ opened, userId, onClose, onUploaded, title = 'Upload Documents' }: DocumentUploadModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Suspense
        fallback={
          <Center py="md" role="status">
            <Loader role="status" size="sm" aria-label="Loading..." />
          </Center>
        }
      >
        <UploadDocumentsForm userId={userId} onClose={onClose} onUploaded={onUploaded} />
      </Suspense>
    </Modal>
  );
}
