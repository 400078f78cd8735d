// The document fields of users-and-wallets §5 (type, number, expiry not before today) and the files (1 to 3, chosen
// by src/flows/document-files.ts), drawn for the upload modal and the wizard's 'Upload Document(s)' step. The
// machines own the values; this only draws them and reports changes.
import { useRef, useState } from 'react';
import { Button, CloseButton, FileButton, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import { DOCUMENT_ACCEPT, MAX_DOCUMENT_FILES, type FileRejection } from '../../../flows/document-files';
import type { DocumentFields as DocumentValues, FieldErrors } from '../../../flows/upload-documents.machine';
import { localIsoDate } from '../../../lib/validator-runtime';
import { IsoDateInput } from '../../../render/IsoDateInput';
import { useDocumentFormLabels } from './document-form';
import { rejectionText } from './file-rejections';
import { WebcamCapture } from './WebcamCapture';

export interface DocumentFieldsProps {
  values: DocumentValues;
  errors: FieldErrors;
  files: readonly File[];
  rejected: readonly FileRejection[];
  disabled?: boolean;
  onChange: (values: Partial<DocumentValues>) => void;
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (name: string) => void;
}

/** A captured photo gets a name of its own, so a second capture is not dropped as a duplicate. */
function webcamFile(blob: Blob): File {
  return new File([blob], `webcam-${Date.now()}.jpg`, { type: 'image/jpeg' });
}

export function DocumentFields({ values, errors, files, rejected, disabled = false, onChange, onAddFiles, onRemoveFile }: DocumentFieldsProps) {
  const labels = useDocumentFormLabels();
  const resetPicker = useRef<() => void>(null);
  const [webcamOpen, setWebcamOpen] = useState(false);
  const full = files.length >= MAX_DOCUMENT_FILES;

  return (
    <Stack gap="sm">
      <Select
        label={labels.documentType}
        data={labels.documentTypes}
        value={values.documentType || null}
        onChange={(value) => onChange({ documentType: value ?? '' })}
        error={errors.documentType}
        disabled={disabled}
        required
        allowDeselect={false}
      />
      <TextInput
        label={labels.documentNumber}
        value={values.documentNumber}
        onChange={(event) => onChange({ documentNumber: event.currentTarget.value })}
        error={errors.documentNumber}
        disabled={disabled}
        required
      />
      <IsoDateInput
        label={labels.expiryDate}
        value={values.expiryDate}
        // users-and-wallets §5: the expiry date is not before today.
        minDate={localIsoDate()}
        onChange={(value) => onChange({ expiryDate: value })}
        error={errors.expiryDate}
        disabled={disabled}
      />

      <Stack gap={4}>
        <Group gap="sm">
          <FileButton
            multiple
            accept={DOCUMENT_ACCEPT}
            resetRef={resetPicker}
            disabled={disabled || full}
            inputProps={{ 'aria-label': 'Attach files' }}
            onChange={(picked) => {
              onAddFiles(picked);
              resetPicker.current?.();
            }}
          >
            {(props) => (
              <Button variant="default" {...props} disabled={disabled || full}>
                Attach files
              </Button>
            )}
          </FileButton>
          <Button variant="subtle" onClick={() => setWebcamOpen((open) => !open)} disabled={disabled || full} aria-expanded={webcamOpen}>
            {webcamOpen ? 'Close webcam' : 'Take photo'}
          </Button>
          <Text size="sm" c="dimmed">
            {files.length} of {MAX_DOCUMENT_FILES} files: {DOCUMENT_ACCEPT.replaceAll(',', ', ')}
          </Text>
        </Group>
        {webcamOpen && !full && (
          <WebcamCapture
            onCapture={(blob) => {
              onAddFiles([webcamFile(blob)]);
              setWebcamOpen(false);
            }}
          />
        )}
        {files.length > 0 && (
          <List aria-label="Attached files" listStyleType="none" spacing={4}>
            {files.map((file) => (
              <List.Item key={file.name}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{file.name}</Text>
                  <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => onRemoveFile(file.name)} disabled={disabled} />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {rejected.length > 0 && (
          <Stack gap={2} role="status">
            {rejected.map((rejection) => (
              <Text key={`${rejection.name}-${rejection.reason}`} size="sm" c="red">
                {rejectionText(rejection)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
