import { useState } from 'react';

/**
 * Page (1-based) and page size of a list that keeps them in the component, not in the URL;
 * `onChange` takes ListPagination's changes (a new page size starts again at page 1).
 */
export function usePaging(initialPageSize: number) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const onChange = (changes: { page?: string; pageSize?: string }) => {
    if (changes.pageSize) setPageSize(Number(changes.pageSize));
    if (changes.page) setPage(Number(changes.page));
  };
  return { page, pageSize, setPage, onChange };
}
