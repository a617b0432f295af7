import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { searchItems } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { keepPreviousData, useCallQuery } from '@portal/data';
import { formatBytes, formatDateTime } from '@portal/ui';
import { ListPagination, ListTable, QueryState } from '@portal/ui/kit';

interface FolderItemsProps {
  setId: string;
  objectId: string;
  snapshotId: string;
  folder: string;
  page: number;
  onPage: (changes: { page?: string; pageSize?: string }) => void;
}

/**
 * The items of one folder as they were in the chosen snapshot. The page mounts one per folder, so
 * another folder starts with its loading state; the next page keeps these rows on screen meanwhile.
 */
export function FolderItems({ setId, objectId, snapshotId, folder, page, onPage }: FolderItemsProps) {
  const items = useCallQuery(backupEndpoints.searchItems, searchItems, [setId, { objectId, snapshotId, folder, page, pageSize: 25, sort: 'name' }], {
    placeholderData: keepPreviousData,
    quietRefetch: true,
  });
  return (
    <QueryState query={items} noun="items" isEmpty={(p) => p.total === 0} empty="This folder held no items at that time.">
      {(p) => (
        <>
          <ListTable label="Items in the folder" columns={['Name', 'From', { label: 'Size', align: 'right' }, 'Modified']}>
            {p.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>
                  {item.name || '(no subject)'}
                  <Typography variant="caption" display="block" color="text.secondary">
                    {item.folderPath}
                  </Typography>
                </TableCell>
                <TableCell>{item.sender ?? '—'}</TableCell>
                <TableCell align="right">{formatBytes(item.sizeBytes)}</TableCell>
                <TableCell>{formatDateTime(item.modifiedAt)}</TableCell>
              </TableRow>
            ))}
          </ListTable>
          <ListPagination total={p.total} page={p.page} pageSize={p.pageSize} onChange={onPage} />
        </>
      )}
    </QueryState>
  );
}
