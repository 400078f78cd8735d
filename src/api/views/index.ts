export {
  createTableView,
  deleteTableView,
  getTableViewsQueryOptions,
  listTableViews,
  updateTableView,
  useTableViewChanges,
  useTableViews,
  type TableView,
  type TableViewScope,
  type TableViewState,
  type TableViewsKey,
} from './table-views';
