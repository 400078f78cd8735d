// What screens use of the Excel export (a feature's worker holds its reports and imports the writer itself): starting
// a report and showing its progress, and saving a file. Importing a writer here would put fflate (or exceljs) in the
// main bundle.
export { downloadBlob } from './download';
export { ExportProgress } from './ExportProgress';
export type { ReportFilters } from './report-page-fetcher';
export { useExcelExport, type ExportWorker, type UseExcelExportOptions } from './useExcelExport';
