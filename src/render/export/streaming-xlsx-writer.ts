// A SpreadsheetML writer of our own on fflate's streaming zip: rows are turned into XML and compressed as they
// come, so memory holds the compressed file and one batch of XML, never a workbook model. The sheet is deflated by
// the platform's CompressionStream where there is one, else by fflate.
// Strings are written inline (t="inlineStr") so no shared-strings table has to be kept until the end.
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import {
  DATE_FORMAT,
  DECIMAL4_FORMAT,
  MONEY_FORMAT,
  SHEET_NAME,
  XLSX_MIME,
  type XlsxColumn,
  type XlsxColumnKind,
  type XlsxRow,
  type XlsxWriter,
} from './xlsx-writer';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Excel refuses longer cell text. */
const MAX_CELL_TEXT = 32_767;
/** XML compressed per push: large enough for deflate to work well, small enough to keep memory flat. */
const FLUSH_CHARS = 256 * 1024;

// cellXfs indexes in styles.xml below.
const STYLE = { header: 1, money: 2, date: 3, decimal4: 4 } as const;
const styleOf: Record<XlsxColumnKind, number> = { text: 0, number: 0, money: STYLE.money, decimal4: STYLE.decimal4, date: STYLE.date };

export type XlsxDeflate = 'native' | 'fflate';

export interface StreamingXlsxOptions {
  /**
   * Who compresses the sheet: 'native' is the platform's CompressionStream (zlib in the browser, several times
   * faster than JavaScript), 'fflate' is fflate's deflate in JavaScript. Defaults to native where it exists.
   */
  deflate?: XlsxDeflate;
  /** fflate's deflate level 0-9 for the small parts, and for the sheet when fflate deflates it (zlib's default 6). */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

export function nativeDeflateAvailable(): boolean {
  try {
    return typeof CompressionStream === 'function' && Boolean(new CompressionStream('gzip'));
  } catch {
    return false;
  }
}

/** Where gzip's deflate data starts (RFC 1952 §2.3), or null until `bytes` holds the whole header. */
function gzipHeaderLength(bytes: Uint8Array): number | null {
  if (bytes.length < 10) return null;
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) throw new Error('CompressionStream did not produce gzip.');
  const flags = bytes[3] ?? 0;
  let at = 10;
  if (flags & 4) {
    if (bytes.length < at + 2) return null;
    at += 2 + ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8));
  }
  for (const flag of [8, 16]) {
    if (!(flags & flag)) continue;
    while (at < bytes.length && bytes[at] !== 0) at += 1;
    if (at >= bytes.length) return null;
    at += 1;
  }
  if (flags & 2) at += 2;
  return at <= bytes.length ? at : null;
}

const TRAILER = 8;
const EMPTY = new Uint8Array(0);

/** gzip without its framing: the deflate data in between goes on, the trailer's CRC-32 and size are read at the end. */
class GzipUnwrapper {
  private held: Uint8Array<ArrayBuffer> = EMPTY;
  private inHeader = true;

  data(chunk: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
    let bytes = chunk;
    if (this.held.length > 0) {
      bytes = new Uint8Array(this.held.length + chunk.length);
      bytes.set(this.held);
      bytes.set(chunk, this.held.length);
    }
    if (this.inHeader) {
      const header = gzipHeaderLength(bytes);
      if (header === null) {
        this.held = bytes.slice();
        return EMPTY;
      }
      this.inHeader = false;
      bytes = bytes.subarray(header);
    }
    // The last 8 bytes may be the trailer: held back until the next chunk shows they are not.
    this.held = bytes.slice(Math.max(0, bytes.length - TRAILER));
    return bytes.subarray(0, Math.max(0, bytes.length - TRAILER));
  }

  /** The CRC-32 of the uncompressed bytes, checked against their count. */
  crc(size: number): number {
    if (this.inHeader || this.held.length !== TRAILER) throw new Error('The gzip stream ended early.');
    const trailer = new DataView(this.held.buffer, this.held.byteOffset, TRAILER);
    if (trailer.getUint32(4, true) !== size >>> 0) throw new Error('The gzip stream lost bytes.');
    return trailer.getUint32(0, true);
  }
}

/**
 * A zip entry deflated by CompressionStream. Its gzip format carries the CRC-32 of the raw bytes in the trailer, so
 * the platform computes that too: fflate's CRC-32 in JavaScript over the sheet's ~50 MB of XML costs about as much
 * as the compression. fflate's ZipPassThrough writes the entry; the deflate data reaches the zip as it is emitted.
 */
class NativeDeflateEntry extends ZipPassThrough {
  private readonly input: WritableStreamDefaultWriter<BufferSource>;
  /** Settles when the last compressed byte has been handed to the zip. */
  readonly drained: Promise<void>;

  constructor(filename: string) {
    super(filename);
    this.compression = 8;
    const stream = new CompressionStream('gzip');
    this.input = stream.writable.getWriter();
    this.drained = this.pump(stream.readable.getReader());
    this.drained.catch(() => undefined); // reported by finish(); an abandoned export must not log it
  }

  /** Resolves when the compressor wants more input. */
  get ready(): Promise<void> {
    return this.input.ready;
  }

  /** ZipPassThrough's push without its CRC-32: the gzip trailer brings it. */
  override push(chunk: Uint8Array, final = false): void {
    this.size += chunk.length;
    this.process(chunk as Uint8Array<ArrayBuffer>, final);
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.input.write(chunk).catch(() => undefined);
    if (final) this.input.close().catch(() => undefined);
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const gzip = new GzipUnwrapper();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        this.crc = gzip.crc(this.size);
        this.ondata(null, EMPTY, true);
        return;
      }
      const data = gzip.data(value as Uint8Array<ArrayBuffer>);
      if (data.length > 0) this.ondata(null, data, false);
    }
  }
}

// Characters XML 1.0 cannot carry at all; they are dropped rather than making the file unreadable.
// eslint-disable-next-line no-control-regex -- these control characters are exactly what XML 1.0 forbids
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A (1-based) column number as Excel letters: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** `ref` is the cell's ` r="B2"` attribute, or '' when the cell directly follows the previous one. */
function inlineString(ref: string, text: string, style: number): string {
  const clipped = text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
  const space = hasEdgeSpace(clipped) ? ' xml:space="preserve"' : '';
  const s = style ? ` s="${style}"` : '';
  return `<c${ref}${s} t="inlineStr"><is><t${space}>${escapeXml(clipped)}</t></is></c>`;
}

/** What String.prototype.trim removes, tested on the two ends only (no copy of the text). */
function isTrimmedSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function hasEdgeSpace(text: string): boolean {
  return text.length > 0 && (isTrimmedSpace(text.charCodeAt(0)) || isTrimmedSpace(text.charCodeAt(text.length - 1)));
}

/** Distinct texts remembered per column: enough for types, statuses, currencies and names, bounded for unique ones. */
const CACHED_TEXTS_PER_COLUMN = 4096;

const contentTypes =
  `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const rootRels =
  `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const workbook = (sheetName: string) =>
  `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<bookViews><workbookView/></bookViews>' +
  `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

const workbookRels =
  `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;

const styles =
  `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">` +
  `<numFmts count="3"><numFmt numFmtId="164" formatCode="${escapeXml(MONEY_FORMAT)}"/>` +
  `<numFmt numFmtId="165" formatCode="${escapeXml(DATE_FORMAT)}"/>` +
  `<numFmt numFmtId="166" formatCode="${escapeXml(DECIMAL4_FORMAT)}"/></numFmts>` +
  `<fonts count="2">${font(false)}${font(true)}</fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function sheetHead(columns: readonly XlsxColumn[]): string {
  const cols = columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width}" customWidth="1"/>`)
    .join('');
  const header = columns.map((column, i) => inlineString(i ? '' : ' r="A1"', column.header, STYLE.header)).join('');
  return (
    `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    // The header row stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  );
}

const SHEET_TAIL = '</sheetData></worksheet>';

const styleAttribute = (style: number) => (style ? ` s="${style}"` : '');
/** UTF-8 for the sheet's XML: the platform's encoder is several times faster than a JavaScript one. */
const utf8 = new TextEncoder();

export function createStreamingXlsxWriter({
  deflate = nativeDeflateAvailable() ? 'native' : 'fflate',
  level = 6,
}: StreamingXlsxOptions = {}): XlsxWriter {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  let resolveZip: () => void = () => undefined;
  const zipped = new Promise<void>((resolve) => {
    resolveZip = resolve;
  });
  const zip = new Zip((error, data, final) => {
    if (error) failure = error;
    else chunks.push(data);
    if (final || error) resolveZip();
  });

  let sheet: NativeDeflateEntry | ZipDeflate | null = null;
  let letters: string[] = [];
  let cellStyles: number[] = [];
  let rowNumber = 1;
  let pending = '';

  function addFile(name: string, text: string) {
    const file = new ZipDeflate(name, { level });
    zip.add(file);
    file.push(strToU8(text), true);
  }

  function flush(final: boolean) {
    if (!sheet) throw new Error('XlsxWriter.start() must be called before rows are added.');
    sheet.push(utf8.encode(pending), final);
    pending = '';
  }

  // A cell right after its left neighbour needs no reference (r is optional in SpreadsheetML); the first cell of a
  // row and one after an empty cell name their place (exceljs, for one, needs the first).
  // Text cells without a reference repeat (types, statuses, names): their XML is built once per column and value.
  let cachedTexts: Map<string, string>[] = [];
  let numberOpen: string[] = [];

  function textCell(i: number, text: string): string {
    const cache = cachedTexts[i];
    let xml = cache?.get(text);
    if (xml === undefined) {
      xml = inlineString('', text, 0);
      if (cache && cache.size < CACHED_TEXTS_PER_COLUMN) cache.set(text, xml);
    }
    return xml;
  }

  function rowXml(row: XlsxRow, r: number): string {
    let xml = `<row r="${r}">`;
    let gap = true;
    for (let i = 0; i < letters.length; i++) {
      const value = row[i];
      if (value === null || value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) {
        gap = true;
        continue;
      }
      if (typeof value === 'number') {
        xml += gap ? `<c r="${letters[i]}${r}"${styleAttribute(cellStyles[i] ?? 0)}><v>${value}</v></c>` : `${numberOpen[i]}${value}</v></c>`;
      } else {
        xml += gap ? inlineString(` r="${letters[i]}${r}"`, value, 0) : textCell(i, value);
      }
      gap = false;
    }
    return `${xml}</row>`;
  }

  return {
    start(columns, sheetName = SHEET_NAME) {
      if (sheet) throw new Error('XlsxWriter.start() was already called.');
      letters = columns.map((_, i) => columnLetters(i + 1));
      cellStyles = columns.map((column) => styleOf[column.kind]);
      numberOpen = cellStyles.map((style) => `<c${styleAttribute(style)}><v>`);
      cachedTexts = columns.map(() => new Map<string, string>());
      // Small parts first: fflate streams one entry at a time, in the order they were added.
      addFile('[Content_Types].xml', contentTypes);
      addFile('_rels/.rels', rootRels);
      addFile('xl/workbook.xml', workbook(sheetName));
      addFile('xl/_rels/workbook.xml.rels', workbookRels);
      addFile('xl/styles.xml', styles);
      const sheetPath = 'xl/worksheets/sheet1.xml';
      sheet = deflate === 'native' ? new NativeDeflateEntry(sheetPath) : new ZipDeflate(sheetPath, { level });
      zip.add(sheet);
      pending = sheetHead(columns);
    },
    async addRows(rows) {
      if (!sheet) throw new Error('XlsxWriter.start() must be called before rows are added.');
      for (const row of rows) {
        rowNumber += 1;
        pending += rowXml(row, rowNumber);
        if (pending.length >= FLUSH_CHARS) {
          flush(false);
          // Backpressure: XML waits while the compressor is behind, so memory stays flat.
          if (sheet instanceof NativeDeflateEntry) await sheet.ready;
        }
      }
    },
    async finish() {
      pending += SHEET_TAIL;
      flush(true);
      zip.end();
      if (sheet instanceof NativeDeflateEntry) await sheet.drained;
      await zipped;
      if (failure) throw failure;
      const blob = new Blob(chunks, { type: XLSX_MIME });
      chunks.length = 0;
      return blob;
    },
  };
}
