// Uploads are checked by content, not by name: the magic bytes decide the type (file-type), and only
// the types of users-and-wallets §5 pass: jpeg/jpg, png, gif, pdf, word docx and xls.
import { readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { openCompoundFile } from './compound-file.ts';

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

// A legacy Excel file is a Compound File whose root storage holds a "Workbook" stream (BIFF8; "Book" before Excel
// 97, BIFF5) that opens with a BOF record; other compound files (.doc, .msi installers) have no such stream, and a
// file that merely holds the word somewhere in its bytes has no such structure.
const WORKBOOK_STREAMS = ['workbook', 'book'];
/** BIFF5 and BIFF8 beginning-of-file record type. */
const BIFF_BOF = 0x0809;

async function isExcelWorkbook(path: string): Promise<boolean> {
  const file = openCompoundFile(await readFile(path));
  const workbook = file?.rootStreams.find((stream) => WORKBOOK_STREAMS.includes(stream.name.toLowerCase()));
  if (!file || !workbook) return false;
  const start = file.readStart(workbook, 4);
  return start !== undefined && start.length === 4 && start.readUInt16LE(0) === BIFF_BOF;
}

/** The allowed type of the file at `path` found from its bytes, or undefined when it is none of them. */
export async function detectAllowedType(path: string): Promise<AllowedMime | undefined> {
  const detected = await fileTypeFromFile(path);
  if (!detected) return undefined;
  if (detected.mime === 'application/x-cfb') return (await isExcelWorkbook(path)) ? MIME.xls : undefined;
  return byDetectedMime[detected.mime];
}
