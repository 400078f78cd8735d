// Document and avatar uploads (users-and-wallets §5, §7) and signed downloads. Files are streamed to a temporary file
// under a random name, typed by their bytes, and only written to the database when every rule passes.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { DOCUMENT_TYPES, IMAGE_TYPES, detectAllowedType, type AllowedMime } from '../domain/files/content-type.ts';
import { fileUrlSigner, secondsUntil, verifyFileUrl } from '../domain/files/signing.ts';
import { openStoredFile } from '../domain/files/chunks.ts';
import { MAX_UPLOAD_BYTES, discardFiles, receiveFile, type ReceivedFile } from '../domain/files/store.ts';
import {
  MAX_DOCUMENT_FILES,
  UPLOAD_MESSAGES,
  checkDocumentFields,
  findStoredFile,
  saveDocument,
  savePhoto,
  type CheckedFile,
} from '../domain/files/uploads.ts';
import { canSeeUser } from '../domain/scope.ts';
import { tenantFacts } from '../domain/users/create.ts';
import { parseRowId } from '../domain/users/ids.ts';
import { USER_NOT_FOUND, calendarDate } from '../domain/users/rules.ts';
import { bodyFaultError } from '../http/errors.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import { bodyFaults } from '../http/validation.ts';
import type { Handlers, RequestOf } from './types.ts';

interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/** The user the upload is for: one the session may see (else 404), in a tenant that may edit users (else 403). */
async function uploadOwner(request: RequestOf<'uploadDocuments'> | RequestOf<'uploadImage'>, session: Session): Promise<{ tenantId: string; userId: number }> {
  const { db } = request.server;
  const userId = parseRowId(request.params.userId);
  if (userId === undefined || !(await canSeeUser(db, session, userId))) throw new HttpError(404, USER_NOT_FOUND);
  const tenant = await tenantFacts(db, session.tenantId);
  // users-and-wallets §2: uploads are hidden for the payin tenant type; the gateway refuses them too.
  if (tenant.type === 'payin') throw new HttpError(403, 'Uploads are not available in a payin tenant.');
  return { tenantId: session.tenantId, userId };
}

function multipartFailure(error: unknown, tooManyFiles: HttpError): HttpError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, UPLOAD_MESSAGES.tooLarge, { detail: `Files may be at most ${MAX_UPLOAD_BYTES} bytes.` });
  }
  if (code === 'FST_FILES_LIMIT') return tooManyFiles;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(422, 'The form has too many fields.');
  if (error instanceof HttpError) return error;
  return new HttpError(400, 'Malformed multipart body', { detail: 'The upload could not be read. Send it again.' });
}

/** Reads every part: fields into `fields`, files into temporary files. On any failure those already written are removed. */
async function receiveForm(request: FastifyRequest, maxFiles: number, tooManyFiles: HttpError): Promise<ReceivedForm> {
  const form: ReceivedForm = { fields: {}, files: [] };
  const { incomingDir } = request.server.teller;
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const file = await receiveFile(incomingDir, part.file, part.filename);
        form.files.push(file);
        if (file.truncated) throw multipartFailure({ code: 'FST_REQ_FILE_TOO_LARGE' }, tooManyFiles);
      } else if (typeof part.value === 'string' && !(part.fieldname in form.fields)) {
        form.fields[part.fieldname] = part.value;
      }
    }
    // The contract's conventions hold for form fields and file names too: no NUL, no lone surrogate.
    const faults = bodyFaults({ ...form.fields, files: form.files.map((file) => file.originalName) });
    if (faults) throw bodyFaultError(faults);
    return form;
  } catch (error) {
    await discardFiles(form.files);
    throw multipartFailure(error, tooManyFiles);
  }
}

/** Types every file by its bytes; 415 names each file that is not one of `allowed`. */
async function checkTypes(files: readonly ReceivedFile[], allowed: readonly AllowedMime[], pointer: (index: number) => string): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  const refused: Array<{ title: string; detail: string; pointer: string }> = [];
  for (const [index, file] of files.entries()) {
    const mime = await detectAllowedType(file.absolutePath);
    if (mime && allowed.includes(mime)) checked.push({ ...file, mime });
    else {
      refused.push({
        title: UPLOAD_MESSAGES.typeNotAllowed,
        detail: `${file.originalName || 'The file'} is not one of: ${allowedNames(allowed)}.`,
        pointer: pointer(index),
      });
    }
  }
  if (refused.length > 0) throw HttpError.withErrors(415, refused);
  return checked;
}

function allowedNames(allowed: readonly AllowedMime[]): string {
  const names: Record<AllowedMime, string> = {
    'image/jpeg': 'jpeg',
    'image/png': 'png',
    'image/gif': 'gif',
    'application/pdf': 'pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.ms-excel': 'xls',
  };
  return allowed.map((mime) => names[mime]).join(', ');
}

/** Files keep a plain ASCII name in Content-Disposition; the stored name is random anyway. */
function downloadName(original: string): string {
  const cleaned = original.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100);
  return cleaned === '' || cleaned === '_' ? 'file' : cleaned;
}

export const handlers: Handlers = {
  async uploadDocuments(request, reply) {
    const session = sessionOf(request);
    const owner = await uploadOwner(request, session);
    const tooMany = new HttpError(422, UPLOAD_MESSAGES.tooManyFiles, { pointer: '/files' });
    const { fields, files } = await receiveForm(request, MAX_DOCUMENT_FILES, tooMany);
    const { db, teller } = request.server;
    try {
      const now = teller.now();
      const { errors, value } = checkDocumentFields(fields, calendarDate(now));
      if (files.length === 0) {
        errors.files = UPLOAD_MESSAGES.attachmentRequired;
      }
      if (!value || Object.keys(errors).length > 0) {
        throw HttpError.withErrors(
          422,
          Object.entries(errors).map(([field, title]) => ({
            title,
            ...(field === 'files' ? { detail: UPLOAD_MESSAGES.attachmentRequiredDetail } : {}),
            pointer: `/${field}`,
          })),
        );
      }
      const checked = await checkTypes(files, DOCUMENT_TYPES, (index) => `/files/${index}`);
      const documentId = await saveDocument(db, session, owner, value, checked, now);
      const signUrl = fileUrlSigner(teller.jwtSecret, now);
      const [url1 = '', url2 = null, url3 = null] = checked.map((file) => signUrl(file.id));
      reply.code(201);
      return {
        data: resource('document', documentId, {
          type: value.documentType,
          number: value.documentNumber,
          expiryDate: value.expiryDate,
          url: url1,
          url1,
          url2,
          url3,
        }),
      };
    } finally {
      await discardFiles(files);
    }
  },

  async uploadImage(request, reply) {
    const session = sessionOf(request);
    const owner = await uploadOwner(request, session);
    const tooMany = new HttpError(422, 'Only one image can be uploaded.', { pointer: '/file' });
    const { files } = await receiveForm(request, 1, tooMany);
    const { db, teller } = request.server;
    try {
      const [file] = files;
      if (!file) throw new HttpError(422, 'Please choose an image to upload.', { pointer: '/file' });
      const [checked] = await checkTypes([file], IMAGE_TYPES, () => '/file');
      if (!checked) throw new HttpError(415, UPLOAD_MESSAGES.typeNotAllowed, { pointer: '/file' });
      const now = teller.now();
      await savePhoto(db, session, owner, checked, now);
      reply.code(201);
      return { data: resource('photo', checked.id, { url: fileUrlSigner(teller.jwtSecret, now)(checked.id) }) };
    } finally {
      await discardFiles(files);
    }
  },

  async getFile(request, reply) {
    const { fileId } = request.params;
    const { exp: expiry, sig } = request.query;
    const { db, teller } = request.server;
    const now = teller.now();
    if (!verifyFileUrl(teller.jwtSecret, fileId, expiry, sig, now)) {
      throw new HttpError(403, 'This file link is invalid or has expired.');
    }
    const file = await findStoredFile(db, fileId);
    if (!file) throw new HttpError(404, 'File not found');
    const disposition = file.mime.startsWith('image/') || file.mime === 'application/pdf' ? 'inline' : 'attachment';
    return reply
      .code(200)
      .headers({
        'content-type': file.mime,
        'content-length': String(file.size),
        'x-content-type-options': 'nosniff',
        'cache-control': `private, max-age=${secondsUntil(expiry, now)}`,
        'content-disposition': `${disposition}; filename="${downloadName(file.original_name)}"`,
      })
      .send(openStoredFile(db, file.id));
  },
};
