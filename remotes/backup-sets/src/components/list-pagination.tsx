import { TablePagination } from '@mui/material';

interface ListPaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onChange: (changes: { page?: string; pageSize?: string }) => void;
}

/** Paging bound to the URL (`page` is 1-based there, 0-based in MUI). */
export function ListPagination({ total, page, pageSize, onChange }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1)))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[10, 25, 50, 100]}
      onPageChange={(_e, next) => onChange({ page: String(next + 1) })}
      onRowsPerPageChange={(e) => onChange({ pageSize: e.target.value, page: '1' })}
    />
  );
}
