// The exceljs in-memory workbook: every row becomes a cell model, the zip is built at the end.
// Kept as the benchmark's reference and a second, independent writer; the export worker does not use it.
import ExcelJS from 'exceljs';
import {
  DATE_FORMAT,
  DECIMAL4_FORMAT,
  MONEY_FORMAT,
  SHEET_NAME,
  XLSX_MIME,
  type XlsxColumnKind,
  type XlsxWriter,
} from './xlsx-writer';

const numFmtOf: Record<XlsxColumnKind, string | undefined> = {
  text: undefined,
  number: undefined,
  money: MONEY_FORMAT,
  decimal4: DECIMAL4_FORMAT,
  date: DATE_FORMAT,
};

export function createExceljsXlsxWriter(): XlsxWriter {
  const workbook = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet | null = null;

  return {
    start(columns, sheetName = SHEET_NAME) {
      if (sheet) throw new Error('XlsxWriter.start() was already called.');
      sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((column, i) => {
        const numFmt = numFmtOf[column.kind];
        return { header: column.header, key: String(i), width: column.width, ...(numFmt ? { style: { numFmt } } : {}) };
      });
      sheet.getRow(1).font = { bold: true };
    },
    async addRows(rows) {
      if (!sheet) throw new Error('XlsxWriter.start() must be called before rows are added.');
      sheet.addRows(rows.map((row) => row.map((value) => (value === '' ? null : value))));
    },
    async finish() {
      const buffer = await workbook.xlsx.writeBuffer();
      return new Blob([buffer], { type: XLSX_MIME });
    },
  };
}
