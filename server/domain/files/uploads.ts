// Documents and avatars of a user (users-and-wallets §5, §7): the form rules, and the rows that keep them.
import type { Db } from '../../db/connection.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import type { Session } from '../auth/tokens.ts';
import { isCalendarDate } from '../users/rules.ts';
import { writeFileChunks } from './chunks.ts';
import type { AllowedMime } from './content-type.ts';
import type { ReceivedFile } from './store.ts';

/** users-and-wallets §5 / §9: up to 3 document files. */
export const MAX_DOCUMENT_FILES = 3;

export const UPLOAD_MESSAGES = {
  documentType: 'Invalid Document Type',
  documentNumber: 'Invalid Document Id',
  expiryDateFormat: 'Please enter the expiry date as YYYY-MM-DD',
  expiryDatePast: 'The expiry date cannot be before today',
  attachmentRequired: 'Attachment Required!',
  attachmentRequiredDetail: 'Please attach required documents to proceed.',
  tooManyFiles: `At most ${MAX_DOCUMENT_FILES} files can be attached`,
  tooLarge: 'File too large',
  typeNotAllowed: 'File type not allowed',
} as const;

export interface DocumentFields {
  documentType: string;
  documentNumber: string;
  expiryDate: string | null;
}

const FIELD_MAX_LENGTH = 60;

/** The document form rules of users-and-wallets §5; errors are keyed by form field. */
export function checkDocumentFields(fields: Record<string, string>, today: string): { errors: Record<string, string>; value?: DocumentFields } {
  const errors: Record<string, string> = {};
  const documentType = fields.documentType?.trim() ?? '';
  const documentNumber = fields.documentNumber?.trim() ?? '';
  const expiry = fields.expiryDate?.trim() ?? '';
  if (documentType === '' || documentType.length > FIELD_MAX_LENGTH) errors.documentType = UPLOAD_MESSAGES.documentType;
  if (documentNumber === '' || documentNumber.length > FIELD_MAX_LENGTH) errors.documentNumber = UPLOAD_MESSAGES.documentNumber;
  if (expiry !== '' && !isCalendarDate(expiry)) errors.expiryDate = UPLOAD_MESSAGES.expiryDateFormat;
  else if (expiry !== '' && expiry < today) errors.expiryDate = UPLOAD_MESSAGES.expiryDatePast;
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, value: { documentType, documentNumber, expiryDate: expiry === '' ? null : expiry } };
}

export type CheckedFile = ReceivedFile & { mime: AllowedMime };

function fileRow(file: CheckedFile, owner: { tenantId: string; userId: number }, session: Session, now: Date) {
  return {
    id: file.id,
    tenant_id: owner.tenantId,
    user_id: owner.userId,
    original_name: file.originalName,
    stored_path: '',
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    created_by: session.userId,
    created: now.toISOString(),
  };
}

function fileSummary(file: CheckedFile) {
  return { id: file.id, name: file.originalName, mime: file.mime, size: file.size, sha256: file.sha256 };
}

/** Stores the document and its files (rows and bytes) for the user, with the audit row; returns the document id. */
export async function saveDocument(
  db: Db,
  session: Session,
  owner: { tenantId: string; userId: number },
  fields: DocumentFields,
  files: readonly CheckedFile[],
  now: Date,
): Promise<number> {
  return unitOfWork(db, sessionActor(session, now), async ({ db: trx, change }) => {
    const document = await trx
      .insertInto('documents')
      .values({
        tenant_id: owner.tenantId,
        user_id: owner.userId,
        document_type: fields.documentType,
        document_number: fields.documentNumber,
        expiry_date: fields.expiryDate,
        created_by: session.userId,
        created: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('files')
      .values(files.map((file) => ({ ...fileRow(file, owner, session, now), document_id: document.id, kind: 'document' as const })))
      .execute();
    for (const file of files) await writeFileChunks(trx, file.id, file.absolutePath);
    await change({
      action: 'document.upload',
      entity: 'document',
      entityId: document.id,
      after: { userId: owner.userId, ...fields, files: files.map(fileSummary) },
    });
    return document.id;
  });
}

/** Makes the file the user's photo (the previous one stays on record), with the audit row. */
export async function savePhoto(db: Db, session: Session, owner: { tenantId: string; userId: number }, file: CheckedFile, now: Date): Promise<void> {
  await unitOfWork(db, sessionActor(session, now), async ({ db: trx, change }) => {
    const before = await trx.selectFrom('users').select('photo_file_id').where('id', '=', owner.userId).executeTakeFirstOrThrow();
    await trx
      .insertInto('files')
      .values({ ...fileRow(file, owner, session, now), document_id: null, kind: 'photo' })
      .execute();
    await writeFileChunks(trx, file.id, file.absolutePath);
    await trx
      .updateTable('users')
      .set({ photo_file_id: file.id, updated: now.toISOString() })
      .where('id', '=', owner.userId)
      .execute();
    await change({
      action: 'photo.upload',
      entity: 'photo',
      entityId: file.id,
      before: { userId: owner.userId, photo: before.photo_file_id },
      after: { userId: owner.userId, photo: file.id, ...fileSummary(file) },
    });
  });
}

/**
 * A stored file by id, for GET /files/{fileId}: one whose bytes are in the database (a file still on the disk of a
 * host that has not started since the upgrade is not found until that host moves it in).
 */
export async function findStoredFile(db: Db, fileId: string) {
  return db.selectFrom('files').select(['id', 'mime', 'size', 'original_name']).where('id', '=', fileId).where('stored_path', '=', '').executeTakeFirst();
}
