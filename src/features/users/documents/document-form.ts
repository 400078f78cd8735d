// The labels and document types of schemas/forms/document-upload.json, so the upload modal and the wizard's
// 'Upload Document(s)' step show what the form file says (its validator gives the messages).
import { useMemo } from 'react';
import { useForm } from '../../../config/context';
import type { FormConfig } from '../../../config/types';

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

export function documentFormLabels(form: FormConfig): DocumentFormLabels {
  const properties = (form.schema as { properties?: Record<string, PropertySchema> }).properties ?? {};
  const title = (name: string, fallback: string) => {
    const value = properties[name]?.title;
    return typeof value === 'string' ? value : fallback;
  };
  const types = properties.documentType?.enum;
  return {
    documentType: title('documentType', 'Document Type'),
    documentNumber: title('documentNumber', 'Document Id'),
    expiryDate: title('expiryDate', 'Expiry Date'),
    documentTypes: Array.isArray(types) ? types.filter((type): type is string => typeof type === 'string') : [],
    submitLabel: form.submitLabel ?? 'Upload',
  };
}

/** The labels of the document form file; suspends while it loads. */
export function useDocumentFormLabels(): DocumentFormLabels {
  const form = useForm(DOCUMENT_FORM_ID);
  return useMemo(() => documentFormLabels(form), [form]);
}
