export { SchemaTable, VIRTUALIZE_FROM, type SchemaTableProps } from './SchemaTable';
export { useSchemaTable, FILTER_DELAY_MS, type SchemaTableOptions, type SchemaTableModel, type PageInfo, type ToolbarAction } from './useSchemaTable';
export { initialTableQuery, listParams, nextSort, DEFAULT_PAGE_SIZE, type TableQuery, type SortDirection } from './table-query';
export { useTableController, type TableController, type TableControllerOptions, type ControlledTableProps } from './useTableController';
export { tableSource, TableSourcesProvider, type TableSource, type TableSources, type ListPage, type PageKey } from './table-sources';
export type { ReferenceLists } from './reference-lists';
export type { SetTableQuery } from './useTableQuery';
