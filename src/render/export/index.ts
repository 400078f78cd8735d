// What screens use of the Excel export. The writers stay behind the worker: importing them here would put
// fflate (or exceljs) in the main bundle.
export { ExportProgress } from './ExportProgress';
export type { ReportRequest } from './messages';
export type { ReportColumn } from './report-columns';
export type { UseExcelExportOptions } from './useExcelExport';
export { useExcelExport } from './useExcelExport';
