// What the wallet's screens use of the Excel export. The writers stay behind the worker: importing them here would put
// fflate (or exceljs) in the main bundle.
export { EXPORT_FILE_NAME, WALLET_REPORT, createWalletExportWorker } from './report';
