export { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
export { PersonName } from './PersonName';
export {
  columnOptionsKey,
  DATA_TABLES,
  useColumnOptions,
  type DataTableId,
} from './use-column-options';
export { Truncated } from './Truncated';
