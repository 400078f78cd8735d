// users-and-wallets §2 and §9: the attachment card is a table of document type, number and files, grouped by type,
// 5 rows a page. Documents come from the user as getUser includes them, flattened by src/api/jsonapi.ts.

const ATTACHMENT_PAGE_SIZE = 5;

export interface UserDocumentRow {
  id: string;
  type: string;
  number: string;
  expiryDate: string | null;
  /** url1, url2, url3 that are set, in that order. */
  urls: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function documentRow(value: unknown): UserDocumentRow | null {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const urls = [record.url1, record.url2, record.url3].filter((url): url is string => typeof url === 'string' && url !== '');
  const id = text(record.id);
  if (id === '') return null;
  return { id, type: text(record.type), number: text(record.number), expiryDate: text(record.expiryDate) || null, urls };
}

/** The user's documents: `user.document` of a flattened getUser answer (include=document). */
export function userDocuments(user: { document?: unknown }): UserDocumentRow[] {
  const documents = Array.isArray(user.document) ? user.document : [];
  return documents.map(documentRow).filter((row): row is UserDocumentRow => row !== null);
}

/** Documents of one type next to each other, types in alphabetical order, each type's documents in their order. */
function groupByType(documents: readonly UserDocumentRow[]): UserDocumentRow[] {
  const types = [...new Set(documents.map((document) => document.type))].sort((a, b) => a.localeCompare(b));
  return types.flatMap((type) => documents.filter((document) => document.type === type));
}

export interface AttachmentPageRow {
  document: UserDocumentRow;
  /** Rows the type cell spans from this row (the type's rows on this page); 0 when an earlier row on the page spans it. */
  typeRowSpan: number;
}

export interface AttachmentPage {
  rows: AttachmentPageRow[];
  page: number;
  pageTotal: number;
}

export function attachmentPage(documents: readonly UserDocumentRow[], page: number, pageSize = ATTACHMENT_PAGE_SIZE): AttachmentPage {
  const grouped = groupByType(documents);
  const pageTotal = Math.max(1, Math.ceil(grouped.length / pageSize));
  const current = Math.min(Math.max(1, page), pageTotal);
  const slice = grouped.slice((current - 1) * pageSize, current * pageSize);
  const rows = slice.map((document, index) => {
    if (index > 0 && slice[index - 1]?.type === document.type) return { document, typeRowSpan: 0 };
    let span = 1;
    while (slice[index + span]?.type === document.type) span += 1;
    return { document, typeRowSpan: span };
  });
  return { rows, page: current, pageTotal };
}
