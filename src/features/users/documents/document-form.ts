// The labels and document types of schemas/forms/document-upload.json, so the upload modal and the wizard's
// 'Upload Document(s)' step show what the form file says (its validator gives the messages).
import { getForm } from '../../../config';

export const DOCUMENT_FORM_ID = 'document-upload';

interface PropertySchema {
  title?: unknown;
  enum?: unknown;
}

export interface DocumentFormLabels {
  documentType: string;
  documentNumber: string;
  expiryDate: string;
  documentTypes: string[];
  submitLabel: string;
}

function property(name: string): PropertySchema {
  const schema = getForm(DOCUMENT_FORM_ID)?.schema as { properties?: Record<string, PropertySchema> } | undefined;
  return schema?.properties?.[name] ?? {};
}

function title(name: string, fallback: string): string {
  const value = property(name).title;
  return typeof value === 'string' ? value : fallback;
}

export function documentFormLabels(): DocumentFormLabels {
  const types = property('documentType').enum;
  return {
    documentType: title('documentType', 'Document Type'),
    documentNumber: title('documentNumber', 'Document Id'),
    expiryDate: title('expiryDate', 'Expiry Date'),
    documentTypes: Array.isArray(types) ? types.filter((type): type is string => typeof type === 'string') : [],
    submitLabel: getForm(DOCUMENT_FORM_ID)?.submitLabel ?? 'Upload',
  };
}
