export { useTableViewChanges, useTableViews, type TableView, type TableViewScope, type TableViewState } from './table-views';
