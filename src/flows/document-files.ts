// users-and-wallets §5 document upload and image upload, §9 limits: which picked files are kept.
export const MAX_DOCUMENT_FILES = 3;
export const MAX_FILE_BYTES = 50_000_000;
export const DOCUMENT_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'pdf', 'docx', 'xls'] as const;
export const AVATAR_EXTENSIONS = ['jpg', 'gif', 'png'] as const;
/** For `<input accept>`. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');
export const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export const ATTACHMENT_REQUIRED_TITLE = 'Attachment Required!';
export const ATTACHMENT_REQUIRED_TEXT = 'Please attach required documents to proceed.';

/** A number in [0, 1), like Math.random; tests pass a fixed sequence. */
export type RandomSource = () => number;

export type FileRejectionReason = 'tooMany' | 'type' | 'size' | 'duplicate';

export interface FileRejection {
  name: string;
  reason: FileRejectionReason;
}

export interface DocumentFileChoice {
  files: File[];
  rejected: FileRejection[];
}

/** The extension in lower case, or null when the name has none ('scan', '.hidden', 'photo.'). */
export function fileExtension(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return name.slice(dot + 1).toLowerCase();
}

const NAME_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** §5: a file without an extension is renamed to a random 10-character name ending jpg. */
export function randomJpgName(random: RandomSource = Math.random): string {
  let name = '';
  for (let index = 0; index < 10; index += 1) {
    const pick = Math.min(NAME_CHARACTERS.length - 1, Math.floor(random() * NAME_CHARACTERS.length));
    name += NAME_CHARACTERS.charAt(pick);
  }
  return `${name}.jpg`;
}

function renamed(file: File, name: string): File {
  return new File([file], name, { type: file.type || 'image/jpeg', lastModified: file.lastModified });
}

/**
 * Adds picked files to the chosen ones: a file without an extension gets a random jpg name; other types, files over
 * 50,000,000 bytes and names already chosen are dropped; at most 3 files are kept.
 */
export function chooseDocumentFiles(
  current: readonly File[],
  picked: readonly File[],
  random: RandomSource = Math.random,
): DocumentFileChoice {
  const files = [...current];
  const rejected: FileRejection[] = [];
  for (const original of picked) {
    const file = fileExtension(original.name) === null ? renamed(original, randomJpgName(random)) : original;
    const extension = fileExtension(file.name);
    const reject = (reason: FileRejectionReason) => rejected.push({ name: original.name, reason });
    if (extension === null || !DOCUMENT_EXTENSIONS.some((allowed) => allowed === extension)) reject('type');
    else if (file.size > MAX_FILE_BYTES) reject('size');
    else if (files.some((chosen) => chosen.name === file.name)) reject('duplicate');
    else if (files.length >= MAX_DOCUMENT_FILES) reject('tooMany');
    else files.push(file);
  }
  return { files, rejected };
}

export function removeDocumentFile(files: readonly File[], name: string): File[] {
  return files.filter((file) => file.name !== name);
}

export interface AvatarChoice {
  file: File | null;
  rejected: FileRejection[];
}

/** §5 image upload: one image, .jpg .gif or .png, at most 50,000,000 bytes. */
export function chooseAvatar(picked: readonly File[]): AvatarChoice {
  const rejected: FileRejection[] = [];
  let file: File | null = null;
  for (const candidate of picked) {
    const extension = fileExtension(candidate.name);
    if (file !== null) rejected.push({ name: candidate.name, reason: 'tooMany' });
    else if (extension === null || !AVATAR_EXTENSIONS.some((allowed) => allowed === extension))
      rejected.push({ name: candidate.name, reason: 'type' });
    else if (candidate.size > MAX_FILE_BYTES) rejected.push({ name: candidate.name, reason: 'size' });
    else file = candidate;
  }
  return { file, rejected };
}
