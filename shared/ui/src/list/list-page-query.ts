import { PAGE_SIZE_DEFAULT } from '@portal/contracts';

/** The URL values every list shares: search text, date range and paging. */
export interface ListPageParams {
  q?: string;
  from?: string;
  to?: string;
  page?: string;
  pageSize?: string;
}

/** Those values as an API list query: empty ones left out, page and size as numbers. */
export function listPageQuery(params: ListPageParams) {
  return {
    q: params.q || undefined,
    from: params.from || undefined,
    to: params.to || undefined,
    page: Number(params.page) || 1,
    pageSize: Number(params.pageSize) || PAGE_SIZE_DEFAULT,
  };
}
