// The list-page kit (URL list state, the states of a query, paging, filters, table), the
// confirmation and form dialogs: what the remotes' pages use and sign-in does not. A second entry
// of @portal/ui, shared as a singleton of its own, so the host's first page does not load it (nor
// the MUI table, menu, tooltip and dialog components it renders).
export { NotBuiltYetDialog } from './components/not-built-yet-dialog';
export type { NotBuiltYetDialogProps } from './components/not-built-yet-dialog';
export { ChangeAction } from './components/change-action';
export type { ChangeActionProps } from './components/change-action';
export { useUrlListState } from './list/use-url-list-state';
export type { UpdateListState } from './list/use-url-list-state';
export { listPageQuery } from './list/list-page-query';
export type { ListPageParams } from './list/list-page-query';
export { QueryState } from './list/query-state';
export type { QueryLike, QueryStateProps } from './list/query-state';
export { ListPagination } from './list/list-pagination';
export type { ListPaginationProps } from './list/list-pagination';
export { PagedList } from './list/paged-list';
export type { ListPage, PagedListProps } from './list/paged-list';
export { ConfirmDialog } from './components/confirm-dialog';
export type { ConfirmDialogProps } from './components/confirm-dialog';
export { ListFilters } from './list/list-filters';
export type { ListFiltersProps } from './list/list-filters';
export { ListTable } from './list/list-table';
export type { ListColumn, ListTableProps } from './list/list-table';
export { FormDialogActions } from './form/form-dialog-actions';
export type { FormDialogActionsProps } from './form/form-dialog-actions';
export { FormDialog } from './dialog/form-dialog';
export type { FormDialogProps } from './dialog/form-dialog';
export { ConsentOutcome } from './components/consent-outcome';
