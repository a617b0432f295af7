import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { listUsage } from '@portal/contracts/calls';
import { usageEndpoints } from '@portal/contracts/endpoints/usage';
import { useCallQuery } from '@portal/data';
import { formatBytes, formatCount } from '@portal/ui';
import { ListTable } from '@portal/ui/kit';
import { PageQueryState } from '../../../components/page-query-state';
import { monthName, monthRange } from '../lib/month';

const number = { align: 'right' as const };
const COLUMNS = [
  'Day',
  { label: 'Licensed mailboxes', ...number },
  { label: 'Shared mailboxes', ...number },
  { label: 'OneDrive accounts', ...number },
  { label: 'Sites', ...number },
  { label: 'Seats', ...number },
  { label: 'Items', ...number },
  { label: 'Protected', ...number },
  { label: 'Stored', ...number },
];

/** One customer's figures for each day of a month that has them. */
export function UsageDaysTable({ customerId, month }: { customerId: string; month: string }) {
  const range = monthRange(month)!;
  const usage = useCallQuery(usageEndpoints.listUsage, listUsage, [{ ...range, customerId }]);
  return (
    <PageQueryState query={usage} noun="usage" rows={5} failed={(message) => `The usage could not be loaded: ${message}`}>
      {({ items }) => (
        <ListTable
          label={`Daily usage, ${monthName(month)}`}
          columns={COLUMNS}
          busy={usage.isFetching}
          empty={items.length === 0 ? 'No figures for this month.' : null}
        >
          {items.map((d) => (
            <TableRow key={d.day}>
              <TableCell component="th" scope="row" dir="ltr">
                {d.day}
              </TableCell>
              <TableCell align="right">{formatCount(d.licensedMailboxes)}</TableCell>
              <TableCell align="right">{formatCount(d.sharedMailboxes)}</TableCell>
              <TableCell align="right">{formatCount(d.oneDriveAccounts)}</TableCell>
              <TableCell align="right">{formatCount(d.sites)}</TableCell>
              <TableCell align="right">{formatCount(d.seats)}</TableCell>
              <TableCell align="right">{formatCount(d.items)}</TableCell>
              <TableCell align="right">{formatBytes(d.protectedBytes)}</TableCell>
              <TableCell align="right">{formatBytes(d.storedBytes)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </PageQueryState>
  );
}
