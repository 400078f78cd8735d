// Why a picked file was not kept (users-and-wallets §5 document and image rules). The spec quotes no text for these.
import { DOCUMENT_EXTENSIONS, MAX_DOCUMENT_FILES, MAX_FILE_BYTES, type FileRejection } from '../../../flows/document-files';

const bytes = new Intl.NumberFormat('en-US').format(MAX_FILE_BYTES);

export function rejectionText(rejection: FileRejection, allowed: readonly string[] = DOCUMENT_EXTENSIONS, maxFiles = MAX_DOCUMENT_FILES): string {
  switch (rejection.reason) {
    case 'type':
      return `${rejection.name}: only ${allowed.join(', ')} files can be attached.`;
    case 'size':
      return `${rejection.name}: files may be at most ${bytes} bytes.`;
    case 'duplicate':
      return `${rejection.name} is already attached.`;
    case 'tooMany':
      return `${rejection.name}: at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} can be attached.`;
  }
}
