import TablePagination from '@mui/material/TablePagination';

export interface ListPaginationProps {
  total: number;
  /** 1-based, as in the URL. */
  page: number;
  pageSize: number;
  onChange: (changes: { page?: string; pageSize?: string }) => void;
}

/** Paging bound to the URL (`page` is 1-based there, 0-based in MUI); a page past the end shows the last. */
export function ListPagination({ total, page, pageSize, onChange }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1)))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[10, 20, 25, 50, 100]}
      onPageChange={(_e, next) => onChange({ page: String(next + 1) })}
      onRowsPerPageChange={(e) => onChange({ pageSize: e.target.value, page: '1' })}
    />
  );
}
