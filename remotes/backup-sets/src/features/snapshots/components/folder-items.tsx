import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ItemPage, ItemSearchParams } from '@portal/contracts';
import { searchItems } from '@portal/contracts/calls';
import { ListPagination } from '../../../components/list-pagination';
import { LoadState } from '../../../components/load-state';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';

interface FolderItemsProps {
  setId: string;
  objectId: string;
  snapshotId: string;
  folder: string;
  page: number;
  onPage: (changes: { page?: string; pageSize?: string }) => void;
}

/** The items of one folder as they were in the chosen snapshot. */
export function FolderItems({ setId, objectId, snapshotId, folder, page, onPage }: FolderItemsProps) {
  const query: ItemSearchParams & { setId: string } = { setId, objectId, snapshotId, folder, page, pageSize: 25, sort: 'name' };
  const items = useLoad<ItemPage, typeof query>(({ setId: id, ...rest }) => searchItems(id, rest), query);
  return (
    <LoadState load={items.load} noun="items" onRetry={items.refresh} isEmpty={(p) => p.total === 0} empty="This folder held no items at that time.">
      {(p) => (
        <>
          <TableContainer>
            <Table size="small" aria-label="Items in the folder">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>From</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell>Modified</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
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
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination total={p.total} page={p.page} pageSize={p.pageSize} onChange={onPage} />
        </>
      )}
    </LoadState>
  );
}
