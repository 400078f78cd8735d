import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import { loadCompiledForm } from '../render/form/compiled-forms';
import { validateFormValues } from '../render/form/form-errors';
import {
  uploadDocumentsMachine,
  uploadLoadingText,
  type DocumentFields,
  type UploadDocumentsInput,
  type UploadDocumentsMachineInput,
  type UploadedDocument,
} from './upload-documents.machine';

/** UW-8.01: the spec's text for a network failure (also RP §8, IC §8). */
const CONNECTION_TEXT = 'There was a problem in connecting to the server. Please check your internet and try again.';

const uploaded: UploadedDocument = {
  type: 'document',
  id: 'd-1',
  attributes: {
    type: 'Passport',
    number: 'P1234567',
    expiryDate: null,
    url1: '/files/f-1?exp=1&sig=x',
    url2: null,
    url3: null,
    url: '/files/f-1?exp=1&sig=x',
  },
};

const passport: DocumentFields = { documentType: 'Passport', documentNumber: 'P1234567', expiryDate: '' };

function file(name: string): File {
  return new File(['%PDF-1.4'], name, { type: 'application/pdf' });
}

function start(input: Partial<UploadDocumentsMachineInput> = {}) {
  const upload = vi.fn<(input: UploadDocumentsInput) => Promise<UploadedDocument>>();
  const toast = vi.fn<(text: string) => void>();
  const machine = uploadDocumentsMachine.provide({
    actors: { uploadDocuments: fromPromise<UploadedDocument, UploadDocumentsInput>(({ input: body }) => upload(body)) },
    actions: { notifySuccess: (_, params) => toast(params.text) },
  });
  const actor = createActor(machine, { input: { userId: 'u-1001', ...input } }).start();
  return { actor, upload, toast };
}

describe('attachment upload (users-and-wallets §4, §5)', () => {
  it('[UW-4.60] [UW-8.23] idle, then loading, then confirmed on success', async () => {
    const { actor, upload, toast } = start();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(uploadLoadingText(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'CHANGE', values: passport });
    actor.send({ type: 'ADD_FILES', files: [file('front.pdf'), file('back.pdf')] });
    let finish: (document: UploadedDocument) => void = () => {};
    upload.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(uploadLoadingText(actor.getSnapshot())).toBe('Uploading user documents..');
    expect(upload).toHaveBeenCalledWith({
      userId: 'u-1001',
      document: { documentType: 'Passport', documentNumber: 'P1234567', files: expect.any(Array) },
    });
    expect(upload.mock.calls[0]?.[0].document.files.map((chosen) => chosen.name)).toEqual(['front.pdf', 'back.pdf']);

    finish(uploaded);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().matches('confirmed')).toBe(true);
    expect(toast).toHaveBeenCalledWith('Successfully updated user attached documents.');
    expect(actor.getSnapshot().output).toEqual({ uploaded, refreshNeeded: true });
  });

  it('[UW-4.61] idle, then loading, then error on failure; RETRY uploads again', async () => {
    const { actor, upload } = start();
    actor.send({ type: 'CHANGE', values: passport });
    actor.send({ type: 'ADD_FILES', files: [file('front.pdf')] });
    upload.mockRejectedValueOnce(new ApiError(413, [{ status: '413', title: 'File too large', detail: 'Files may be at most 50000000 bytes' }]));
    actor.send({ type: 'UPLOAD' });
    await waitFor(actor, (snapshot) => snapshot.matches('error'));
    expect(actor.getSnapshot().context.alert).toEqual({ severity: 'error', text: 'Files may be at most 50000000 bytes' });

    upload.mockResolvedValueOnce(uploaded);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.alert).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('[UW-8.01] a network failure shows the connection text; changing the files returns to idle', async () => {
    const { actor, upload } = start();
    actor.send({ type: 'CHANGE', values: passport });
    actor.send({ type: 'ADD_FILES', files: [file('front.pdf')] });
    upload.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    actor.send({ type: 'UPLOAD' });
    await waitFor(actor, (snapshot) => snapshot.matches('error'));
    expect(actor.getSnapshot().context.alert?.text).toBe(CONNECTION_TEXT);
    actor.send({ type: 'REMOVE_FILE', name: 'front.pdf' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.files).toEqual([]);
  });

  it('changing the fields or adding files after an error returns to idle with the change', async () => {
    for (const event of [
      { type: 'CHANGE', values: { documentNumber: 'P7654321' } },
      { type: 'ADD_FILES', files: [file('extra.pdf')] },
    ] as const) {
      const { actor, upload } = start();
      actor.send({ type: 'CHANGE', values: passport });
      actor.send({ type: 'ADD_FILES', files: [file('front.pdf')] });
      upload.mockRejectedValueOnce(new ApiError(500, []));
      actor.send({ type: 'UPLOAD' });
      await waitFor(actor, (snapshot) => snapshot.matches('error'));
      actor.send(event);
      expect(actor.getSnapshot().matches('idle')).toBe(true);
    }
  });

  it('[UW-5.46] [UW-5.47] uploading without a file shows the attachment alert and sends nothing', () => {
    const { actor, upload } = start();
    actor.send({ type: 'CHANGE', values: passport });
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.alert).toEqual({
      severity: 'warning',
      title: 'Attachment Required!',
      text: 'Please attach required documents to proceed.',
    });
    expect(upload).not.toHaveBeenCalled();
    actor.send({ type: 'DISMISS_ALERT' });
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it('[UW-5.39] [UW-5.40] [UW-5.41] the document-upload form validator blocks an invalid document', async () => {
    const module = await loadCompiledForm('document-upload');
    const { actor, upload } = start({ validateDocument: (fields) => validateFormValues(module, { ...fields }) });
    actor.send({ type: 'ADD_FILES', files: [file('front.pdf')] });
    actor.send({ type: 'CHANGE', values: { expiryDate: '2001-01-01' } });
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.errors).toMatchObject({
      documentType: 'Invalid Document Type',
      documentNumber: 'Invalid Document Id',
    });
    expect(actor.getSnapshot().context.errors.expiryDate).toBeDefined();
    actor.send({ type: 'CHANGE', values: { ...passport, expiryDate: '2999-12-31' } });
    expect(actor.getSnapshot().context.errors).toEqual({});
    upload.mockResolvedValueOnce(uploaded);
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(upload.mock.calls[0]?.[0].document.expiryDate).toBe('2999-12-31');
  });

  it('[UW-5.42] keeps at most 3 files and says which were dropped', () => {
    const { actor } = start();
    actor.send({ type: 'ADD_FILES', files: [file('a.pdf'), file('b.pdf'), file('c.pdf'), file('d.pdf')] });
    expect(actor.getSnapshot().context.files).toHaveLength(3);
    expect(actor.getSnapshot().context.rejectedFiles).toEqual([{ name: 'd.pdf', reason: 'tooMany' }]);
  });

  it('closing without uploading needs no refresh', () => {
    const { actor } = start();
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ uploaded: null, refreshNeeded: false });
  });
});
