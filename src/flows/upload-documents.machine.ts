// users-and-wallets §4 "Attachment upload: idle, loading, then confirmed or error", with the §5 document rules:
// type and number (the form's validator), expiry, 1 to 3 files chosen by ./document-files.ts.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../api/gateway';
import { errorText } from './failures';
import {
  ATTACHMENT_REQUIRED_TEXT,
  ATTACHMENT_REQUIRED_TITLE,
  chooseDocumentFiles,
  removeDocumentFile,
  type FileRejection,
  type RandomSource,
} from './document-files';

/** Field path to its message, as the form's precompiled validator reports them. */
export type FieldErrors = Record<string, string>;

export interface DocumentFields {
  documentType: string;
  documentNumber: string;
  /** YYYY-MM-DD, or '' when the document does not expire. */
  expiryDate: string;
}

const EMPTY_DOCUMENT: DocumentFields = { documentType: '', documentNumber: '', expiryDate: '' };

/** What uploadDocuments sends as multipart fields. */
export interface DocumentUpload {
  documentType: string;
  documentNumber: string;
  expiryDate?: string;
  files: File[];
}

export interface UploadDocumentsInput {
  userId: string;
  document: DocumentUpload;
}

/** The stored document as uploadDocuments answers it. */
export type UploadedDocument = components['schemas']['DocumentUploadDocument']['data'];

export const UPLOAD_TEXT = {
  loading: 'Uploading user documents..',
  confirmed: 'Successfully updated user attached documents.',
  attachmentRequiredTitle: ATTACHMENT_REQUIRED_TITLE,
  attachmentRequiredText: ATTACHMENT_REQUIRED_TEXT,
} as const;

function documentUpload(fields: DocumentFields, files: readonly File[]): DocumentUpload {
  const upload: DocumentUpload = { documentType: fields.documentType, documentNumber: fields.documentNumber, files: [...files] };
  if (fields.expiryDate !== '') upload.expiryDate = fields.expiryDate;
  return upload;
}

export interface FlowAlert {
  severity: 'error' | 'warning' | 'success';
  title?: string;
  text: string;
}

const ATTACHMENT_REQUIRED_ALERT: FlowAlert = {
  severity: 'warning',
  title: ATTACHMENT_REQUIRED_TITLE,
  text: ATTACHMENT_REQUIRED_TEXT,
};

export interface UploadDocumentsMachineInput {
  /** Whose document this is; the create-user wizard names its new user with UPLOAD instead. */
  userId?: string;
  /** The document-upload form's precompiled validator ('Invalid Document Type', 'Invalid Document Id', expiry). */
  validateDocument?: (fields: DocumentFields) => FieldErrors;
  random?: RandomSource;
}

export interface UploadDocumentsContext {
  userId: string | null;
  fields: DocumentFields;
  files: File[];
  /** Files the last pick dropped, and why. */
  rejectedFiles: FileRejection[];
  errors: FieldErrors;
  alert: FlowAlert | null;
  uploaded: UploadedDocument | null;
  validateDocument: (fields: DocumentFields) => FieldErrors;
  random: RandomSource;
}

export type UploadDocumentsEvent =
  | { type: 'CHANGE'; values: Partial<DocumentFields> }
  | { type: 'ADD_FILES'; files: readonly File[] }
  | { type: 'REMOVE_FILE'; name: string }
  | { type: 'UPLOAD'; userId?: string }
  /** Shows what blocks an upload (the 'Attachment Required!' alert, the fields' messages) without uploading. */
  | { type: 'VALIDATE' }
  | { type: 'RETRY' }
  | { type: 'DISMISS_ALERT' }
  /** Hides the alert and the fields' messages (the wizard clears them when it leaves a step). */
  | { type: 'CLEAR_MESSAGES' }
  | { type: 'CLOSE' };

export interface UploadDocumentsOutput {
  uploaded: UploadedDocument | null;
  /** The attachment card and the user need a refresh. */
  refreshNeeded: boolean;
}

const noErrors = () => ({});

const hasNoFiles = (context: UploadDocumentsContext) => context.files.length === 0;
const isInvalid = (context: UploadDocumentsContext) => Object.keys(context.validateDocument(context.fields)).length > 0;

export const uploadDocumentsMachine = setup({
  types: {
    context: {} as UploadDocumentsContext,
    events: {} as UploadDocumentsEvent,
    input: {} as UploadDocumentsMachineInput,
    output: {} as UploadDocumentsOutput,
    tags: {} as 'busy',
  },
  actors: {
    uploadDocuments: fromPromise<UploadedDocument, UploadDocumentsInput>(() =>
      Promise.reject(new Error('uploadDocumentsMachine: provide the "uploadDocuments" actor')),
    ),
  },
  guards: {
    noFiles: ({ context }) => hasNoFiles(context),
    documentInvalid: ({ context }) => isInvalid(context),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    change: assign(({ context }, params: { values: Partial<DocumentFields> }) => {
      const fields = { ...context.fields, ...params.values };
      const shown = Object.keys(context.errors).length > 0;
      return { fields, errors: shown ? context.validateDocument(fields) : context.errors };
    }),
    addFiles: assign(({ context }, params: { files: readonly File[] }) => {
      const choice = chooseDocumentFiles(context.files, params.files, context.random);
      const required = context.alert?.title === ATTACHMENT_REQUIRED_TITLE && choice.files.length > 0;
      return { files: choice.files, rejectedFiles: choice.rejected, alert: required ? null : context.alert };
    }),
    removeFile: assign(({ context }, params: { name: string }) => ({
      files: removeDocumentFile(context.files, params.name),
      rejectedFiles: [],
    })),
    attachmentRequired: assign({ alert: ATTACHMENT_REQUIRED_ALERT }),
    showErrors: assign(({ context }) => ({ errors: context.validateDocument(context.fields) })),
    forUser: assign(({ context }, params: { userId: string | undefined }) => ({ userId: params.userId ?? context.userId })),
    startUpload: assign({ alert: null, errors: {} }),
    storeUploaded: assign((_, params: { uploaded: UploadedDocument }) => ({ uploaded: params.uploaded })),
    showError: assign((_, params: { error: unknown }) => ({
      alert: { severity: 'error' as const, text: errorText(params.error) },
    })),
    dismissAlert: assign({ alert: null }),
    clearMessages: assign({ alert: null, errors: {} }),
  },
}).createMachine({
  id: 'uploadDocuments',
  context: ({ input }) => ({
    userId: input.userId ?? null,
    fields: EMPTY_DOCUMENT,
    files: [],
    rejectedFiles: [],
    errors: {},
    alert: null,
    uploaded: null,
    validateDocument: input.validateDocument ?? noErrors,
    random: input.random ?? Math.random,
  }),
  initial: 'idle',
  on: {
    CLOSE: '.closed',
    DISMISS_ALERT: { actions: 'dismissAlert' },
    CLEAR_MESSAGES: { actions: 'clearMessages' },
  },
  states: {
    idle: {
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
        ADD_FILES: { actions: { type: 'addFiles', params: ({ event }) => ({ files: event.files }) } },
        REMOVE_FILE: { actions: { type: 'removeFile', params: ({ event }) => ({ name: event.name }) } },
        // users-and-wallets §5: 'Attachment Required!' / 'Please attach required documents to proceed.'
        VALIDATE: [{ guard: 'noFiles', actions: 'attachmentRequired' }, { guard: 'documentInvalid', actions: 'showErrors' }],
        UPLOAD: [
          { guard: 'noFiles', actions: 'attachmentRequired' },
          { guard: 'documentInvalid', actions: 'showErrors' },
          { target: 'loading', actions: { type: 'forUser', params: ({ event }) => ({ userId: event.userId }) } },
        ],
      },
    },
    loading: {
      tags: 'busy',
      entry: 'startUpload',
      invoke: {
        src: 'uploadDocuments',
        input: ({ context }) => ({ userId: context.userId ?? '', document: documentUpload(context.fields, context.files) }),
        onDone: {
          target: 'confirmed',
          actions: [
            { type: 'storeUploaded', params: ({ event }) => ({ uploaded: event.output }) },
            { type: 'notifySuccess', params: { text: UPLOAD_TEXT.confirmed } },
          ],
        },
        onError: { target: 'error', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    error: {
      on: {
        RETRY: 'loading',
        // The same document again, e.g. the wizard's Finish & Save after a failed upload.
        UPLOAD: { target: 'loading', actions: { type: 'forUser', params: ({ event }) => ({ userId: event.userId }) } },
        CHANGE: { target: 'idle', actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
        ADD_FILES: { target: 'idle', actions: { type: 'addFiles', params: ({ event }) => ({ files: event.files }) } },
        REMOVE_FILE: { target: 'idle', actions: { type: 'removeFile', params: ({ event }) => ({ name: event.name }) } },
      },
    },
    confirmed: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ uploaded: context.uploaded, refreshNeeded: context.uploaded !== null }),
});

export type UploadDocumentsSnapshot = SnapshotFrom<typeof uploadDocumentsMachine>;

/** The text to show while the machine is busy, else null. */
export function uploadLoadingText(snapshot: UploadDocumentsSnapshot): string | null {
  return snapshot.hasTag('busy') ? UPLOAD_TEXT.loading : null;
}

/** The document may be uploaded: a file is attached and the fields meet the form's rules. */
export function isDocumentReady(snapshot: UploadDocumentsSnapshot): boolean {
  return !hasNoFiles(snapshot.context) && !isInvalid(snapshot.context);
}
