// Uploads are checked by content, not by name: the magic bytes decide the type (file-type), and only
// the types of users-and-wallets §5 pass: jpeg/jpg, png, gif, pdf, word docx and xls.
import { readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

const MIME = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
} as const;

export type AllowedMime = (typeof MIME)[keyof typeof MIME];

/** Documents (users-and-wallets §5 document upload). */
export const DOCUMENT_TYPES: readonly AllowedMime[] = [MIME.jpeg, MIME.png, MIME.gif, MIME.pdf, MIME.docx, MIME.xls];
/** Avatars (users-and-wallets §5 image upload: .jpg .gif .png). */
export const IMAGE_TYPES: readonly AllowedMime[] = [MIME.jpeg, MIME.png, MIME.gif];

const byDetectedMime: Record<string, AllowedMime> = {
  'image/jpeg': MIME.jpeg,
  'image/png': MIME.png,
  'image/gif': MIME.gif,
  'application/pdf': MIME.pdf,
  [MIME.docx]: MIME.docx,
};

// A legacy Excel file is a Compound File whose directory names a "Workbook" (or, before Excel 97, "Book") stream;
// other compound files (.doc, .msi installers) have no such stream.
const workbookStreamNames = [Buffer.from('Workbook', 'utf16le'), Buffer.from('Book\u0000', 'utf16le')];

async function isExcelWorkbook(path: string): Promise<boolean> {
  const bytes = await readFile(path);
  return workbookStreamNames.some((name) => bytes.includes(name));
}

/** The allowed type of the file at `path` found from its bytes, or undefined when it is none of them. */
export async function detectAllowedType(path: string): Promise<AllowedMime | undefined> {
  const detected = await fileTypeFromFile(path);
  if (!detected) return undefined;
  if (detected.mime === 'application/x-cfb') return (await isExcelWorkbook(path)) ? MIME.xls : undefined;
  return byDetectedMime[detected.mime];
}
