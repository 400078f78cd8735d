// What screens use of the Excel export. The writers stay behind the worker: importing them here would put
// fflate (or exceljs) in the main bundle.
export { ExportProgress, exportProgressLabel } from './ExportProgress';
export { EXPORT_FILE_NAME } from './download';
export type { ReportFilters } from './report-page-fetcher';
export { useExcelExport, type ExcelExportState, type ExcelExportStatus } from './useExcelExport';
