import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { UsageReport, UsageReportFormat } from '@portal/contracts';
import { getUsageReportDownloadLink, listUsageReports } from '@portal/contracts/calls';
import { usageEndpoints } from '@portal/contracts/endpoints/usage';
import { errorMessageOf, keepPreviousData, useCallMutation, useCallQuery } from '@portal/data';
import { countLabel, formatCount, formatDateTime, showAlert } from '@portal/ui';
import { ListTable, PagedList } from '@portal/ui/kit';
import { monthName } from '../lib/month';
import { openDownload } from '../lib/open-download';

const COLUMNS = ['Month', { label: 'Days', align: 'right' as const }, { label: 'Peak seats', align: 'right' as const }, 'Made', 'Mailed', { label: 'Download', srOnly: true, align: 'right' as const }];

interface UsageReportsListProps {
  customerId: string;
  page: number;
  pageSize: number;
  /** Paging changes, to the URL. */
  onPage: (changes: { page?: string; pageSize?: string }) => void;
}

/** One customer's monthly reports, newest first, each downloadable as CSV or PDF. */
export function UsageReportsList({ customerId, page, pageSize, onPage }: UsageReportsListProps) {
  const reports = useCallQuery(usageEndpoints.listUsageReports, listUsageReports, [{ customerId, page, pageSize }], { placeholderData: keepPreviousData });
  const download = useCallMutation(({ report, format }: { report: UsageReport; format: UsageReportFormat }) => getUsageReportDownloadLink(report.id, format), {
    onSuccess: (link) => openDownload(link.url),
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });
  return (
    <PagedList query={reports} noun="monthly reports" rows={3} count={(p) => countLabel(p.total, 'monthly report')} onPage={onPage} empty="No monthly reports yet: the first is made on the first day of next month.">
      {({ items }) => (
        <ListTable label="Monthly reports" columns={COLUMNS} busy={reports.isFetching}>
          {items.map((report) => (
            <TableRow key={report.id}>
              <TableCell component="th" scope="row">
                {monthName(report.month)}
              </TableCell>
              <TableCell align="right">{formatCount(report.days)}</TableCell>
              <TableCell align="right">{formatCount(report.peakSeats)}</TableCell>
              <TableCell>{formatDateTime(report.createdAt)}</TableCell>
              <TableCell>{formatDateTime(report.mailedAt, 'Not yet')}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} justifyContent="flex-end">
                  {(['csv', 'pdf'] as const).map((format) => (
                    <Button
                      key={format}
                      size="small"
                      variant="outlined"
                      disabled={download.isPending}
                      onClick={() => download.mutate({ report, format })}
                      aria-label={`Download the ${monthName(report.month)} report as ${format.toUpperCase()}`}
                    >
                      {format.toUpperCase()}
                    </Button>
                  ))}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </PagedList>
  );
}
