// What screens use of the Excel export. The writers stay behind the worker: importing them here would put
// fflate (or exceljs) in the main bundle.
export { ExportProgress } from './ExportProgress';
export type { ReportFilters } from './report-page-fetcher';
export { useExcelExport } from './useExcelExport';
