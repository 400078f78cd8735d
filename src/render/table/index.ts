export { SchemaTable, VIRTUALIZE_FROM, type SchemaTableProps } from './SchemaTable';
export { useSchemaTable, FILTER_DELAY_MS, type SchemaTableOptions, type SchemaTableModel, type PageInfo, type ToolbarAction } from './useSchemaTable';
export { initialTableQuery, listParams, nextSort, DEFAULT_PAGE_SIZE, type TableQuery, type SortDirection } from './table-query';
