import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ListPagination, type ListPaginationProps } from './list-pagination';
import { QueryState, type QueryStateProps } from './query-state';

/** What PagedList reads of a page of a list answer. */
export interface ListPage {
  total: number;
  page: number;
  pageSize: number;
}

export interface PagedListProps<P extends ListPage> extends Omit<QueryStateProps<P>, 'isEmpty' | 'children'> {
  /** The status line above the list, e.g. `countLabel(page.total, 'ticket')`. */
  count: (page: P) => ReactNode;
  /** Paging changes (to the URL list state). */
  onPage: ListPaginationProps['onChange'];
  /** The list itself (a table). */
  children: (page: P) => ReactNode;
}

/** A paged list's query: its states (QueryState, empty when the total is 0), the count, the list and the paging. */
export function PagedList<P extends ListPage>({ count, onPage, children, ...state }: PagedListProps<P>) {
  return (
    <QueryState {...state} isEmpty={(page) => page.total === 0}>
      {(page) => (
        <>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
            {count(page)}
          </Typography>
          {children(page)}
          <ListPagination total={page.total} page={page.page} pageSize={page.pageSize} onChange={onPage} />
        </>
      )}
    </QueryState>
  );
}
