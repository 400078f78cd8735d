// Step 3 'Review Page': every value entered and the attached file names, before 'Finish & Save'.
import { useMemo } from 'react';
import { List, Stack, Table, Text, Title } from '@mantine/core';
import type { RuleContext } from '../../../config';
import { useForm } from '../../../config/context';
import type { FormConfig } from '../../../config/types';
import { asksGroup, type CreateUserSnapshot } from '../../../flows/create-user.machine';
import type { UploadDocumentsContext } from '../../../flows/upload-documents.machine';
import { hiddenFields } from '../../../render/form/form-errors';
import { useDocumentFormLabels } from '../documents/document-form';
import { useReferenceList } from '../../../api/reference-lists';
import { CREATE_USER_FORM_ID, reviewRows } from './user-details';

export interface ReviewStepProps {
  snapshot: CreateUserSnapshot;
  /** The document step's state (the wizard's documents child). */
  documents: Pick<UploadDocumentsContext, 'fields' | 'files'>;
  formContext: RuleContext;
}

/** The fields step 1 showed: the form's, less those its rules hide, less the group when it was not asked (§6). */
function shownFields(form: FormConfig, snapshot: CreateUserSnapshot, formContext: RuleContext): string[] {
  const order = (form.uiSchema['ui:order'] as string[] | undefined) ?? [];
  const properties = Object.keys((form.schema as { properties?: object }).properties ?? {});
  const hidden = hiddenFields(form, formContext);
  return [...new Set([...order, ...properties])].filter(
    (field) => field !== '*' && !hidden.includes(field) && (field !== 'group' || asksGroup(snapshot)),
  );
}

export function ReviewStep({ snapshot, documents, formContext }: ReviewStepProps) {
  const { context } = snapshot;
  const form = useForm(CREATE_USER_FORM_ID);
  const roles = useReferenceList('listRoles');
  const groups = useReferenceList('listGroups', asksGroup(snapshot));
  const rows = useMemo(
    () => reviewRows(form, context.details, shownFields(form, snapshot, formContext), { roles: roles.data ?? [], groups: groups.data ?? [] }),
    [form, context.details, snapshot, formContext, roles.data, groups.data],
  );
  const labels = useDocumentFormLabels();
  const document = documents.fields;

  return (
    <Stack gap="sm">
      <Title order={4}>User Details</Title>
      <Table withTableBorder variant="vertical" aria-label="User Details">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.field}>
              <Table.Th scope="row" w={180}>{row.label}</Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={4}>Document(s)</Title>
      <Table withTableBorder variant="vertical" aria-label="Document(s)">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" w={180}>{labels.documentType}</Table.Th>
            <Table.Td>{document.documentType || '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{labels.documentNumber}</Table.Th>
            <Table.Td>{document.documentNumber || '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{labels.expiryDate}</Table.Th>
            <Table.Td>{document.expiryDate || '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Files</Table.Th>
            <Table.Td>
              {documents.files.length === 0 ? (
                <Text size="sm">—</Text>
              ) : (
                <List size="sm" listStyleType="none" aria-label="Files to upload">
                  {documents.files.map((file) => (
                    <List.Item key={file.name}>{file.name}</List.Item>
                  ))}
                </List>
              )}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
