// POST api/v1/fs/documents/{userId} (uploadDocuments): a user's document as multipart documentType, documentNumber,
// expiryDate and 1 to 3 files (users-and-wallets §4, §5, §7).
// A multipart body the layer cannot send: its callOperation writes JSON, and the contract types the files as strings.
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../../api/client';
import type { UploadDocumentsInput, UploadedDocument } from '../../../flows/upload-documents.machine';

export async function uploadDocuments({ userId, document }: UploadDocumentsInput, signal?: AbortSignal): Promise<UploadedDocument> {
  const form = new FormData();
  form.append('documentType', document.documentType);
  form.append('documentNumber', document.documentNumber);
  if (document.expiryDate !== undefined) form.append('expiryDate', document.expiryDate);
  for (const file of document.files) form.append('files', file, file.name);
  const result = await api.POST('/api/v1/fs/documents/{userId}', {
    params: { path: { userId } },
    // The contract types binary parts as strings; the serializer sends the real files instead of this body.
    body: { documentType: document.documentType, documentNumber: document.documentNumber, files: [] },
    bodySerializer: () => form,
    signal,
  });
  return unwrap(result).data;
}

/** uploadDocumentsMachine's `uploadDocuments`. */
export const uploadDocumentsActor = fromPromise<UploadedDocument, UploadDocumentsInput>(({ input, signal }) =>
  uploadDocuments(input, signal),
);
