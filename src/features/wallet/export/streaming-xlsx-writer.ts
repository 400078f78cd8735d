// A SpreadsheetML writer of our own on fflate's streaming zip: rows are turned into XML and compressed as they
// come, so memory holds the compressed file and one batch of XML, never a workbook model. The sheet is deflated by
// the platform's CompressionStream where there is one, else by fflate.
// Strings are written inline (t="inlineStr") so no shared-strings table has to be kept until the end.
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import {
  DATE_FORMAT,
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
const STYLE = { header: 1, money: 2, date: 3 } as const;
const styleOf: Record<XlsxColumnKind, number> = { text: 0, money: STYLE.money, date: STYLE.date };

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
    return typeof CompressionStream === 'function' && Boolean(new CompressionStream('deflate-raw'));
  } catch {
    return false;
  }
}

/**
 * A zip entry deflated by CompressionStream. fflate's ZipPassThrough keeps the CRC and size of the raw bytes; the
 * compressed bytes reach the zip as the stream emits them.
 */
class NativeDeflateEntry extends ZipPassThrough {
  private readonly input: WritableStreamDefaultWriter<BufferSource>;
  /** Settles when the last compressed byte has been handed to the zip. */
  readonly drained: Promise<void>;

  constructor(filename: string) {
    super(filename);
    this.compression = 8;
    const stream = new CompressionStream('deflate-raw');
    this.input = stream.writable.getWriter();
    this.drained = this.pump(stream.readable.getReader());
    this.drained.catch(() => undefined); // reported by finish(); an abandoned export must not log it
  }

  /** Resolves when the compressor wants more input. */
  get ready(): Promise<void> {
    return this.input.ready;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.input.write(chunk).catch(() => undefined);
    if (final) this.input.close().catch(() => undefined);
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        this.ondata(null, new Uint8Array(0), true);
        return;
      }
      this.ondata(null, value as Uint8Array<ArrayBuffer>, false);
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
  const space = clipped.trim() === clipped ? '' : ' xml:space="preserve"';
  const s = style ? ` s="${style}"` : '';
  return `<c${ref}${s} t="inlineStr"><is><t${space}>${escapeXml(clipped)}</t></is></c>`;
}

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

const workbook =
  `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<bookViews><workbookView/></bookViews>' +
  `<sheets><sheet name="${escapeXml(SHEET_NAME)}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

const workbookRels =
  `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;

const styles =
  `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">` +
  `<numFmts count="2"><numFmt numFmtId="164" formatCode="${escapeXml(MONEY_FORMAT)}"/>` +
  `<numFmt numFmtId="165" formatCode="${escapeXml(DATE_FORMAT)}"/></numFmts>` +
  `<fonts count="2">${font(false)}${font(true)}</fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
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
    sheet.push(strToU8(pending), final);
    pending = '';
  }

  // A cell right after its left neighbour needs no reference (r is optional in SpreadsheetML); the first cell of a
  // row and one after an empty cell name their place (exceljs, for one, needs the first).
  function rowXml(row: XlsxRow, r: number): string {
    let xml = `<row r="${r}">`;
    let gap = true;
    for (let i = 0; i < letters.length; i++) {
      const value = row[i];
      if (value === null || value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) {
        gap = true;
        continue;
      }
      const ref = gap ? ` r="${letters[i]}${r}"` : '';
      gap = false;
      if (typeof value === 'number') {
        const style = cellStyles[i] ?? 0;
        xml += `<c${ref}${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
      } else {
        xml += inlineString(ref, value, 0);
      }
    }
    return `${xml}</row>`;
  }

  return {
    start(columns) {
      if (sheet) throw new Error('XlsxWriter.start() was already called.');
      letters = columns.map((_, i) => columnLetters(i + 1));
      cellStyles = columns.map((column) => styleOf[column.kind]);
      // Small parts first: fflate streams one entry at a time, in the order they were added.
      addFile('[Content_Types].xml', contentTypes);
      addFile('_rels/.rels', rootRels);
      addFile('xl/workbook.xml', workbook);
      addFile('xl/_rels/workbook.xml.rels', workbookRels);
      addFile('xl/styles.xml', styles);
      const sheetName = 'xl/worksheets/sheet1.xml';
      sheet = deflate === 'native' ? new NativeDeflateEntry(sheetName) : new ZipDeflate(sheetName, { level });
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
