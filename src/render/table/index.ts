export { SchemaTable } from './SchemaTable';
export { initialTableQuery } from './table-query';
export { useTableController } from './useTableController';
export { TableSourcesProvider, type TableSources } from './table-sources';
export { TableScreen } from './TableScreen';
