import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { AUDIT_PAGE_SIZE_MAX, auditVerifySchema, type AuditEntry, type AuditListParams } from '@portal/contracts';
import { listAuditLog, verifyAuditLog } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { keepPreviousData, unwrap, useCallMutation, useCallQuery } from '@portal/data';
import { formatDateTime, PageHeader, profileStore, showAlert, useDebouncedValue } from '@portal/ui';
import { ListPagination, ListTable, QueryState } from '@portal/ui/kit';
import { useState } from 'react';
import { useStore } from 'zustand';
import { alertError } from '../../../lib/alerts';
import { usePaging } from '../../../lib/use-paging';
import { AUDIT_ACTION_LABELS, actionLabel } from '../lib/audit-actions';
import { auditCsv } from '../lib/audit-csv';
import { auditVerifyAlert } from '../lib/audit-verify-message';

const CSV_MAX_PAGES = 100;

// <input type="datetime-local"> gives local time without a zone; the API wants an offset.
const toIso = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

/** Every entry the filters match (at most CSV_MAX_PAGES full pages), for the CSV export. */
async function allEntries(filters: AuditListParams): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (let page = 1; page <= CSV_MAX_PAGES; page += 1) {
    const chunk = unwrap(await listAuditLog({ ...filters, page, pageSize: AUDIT_PAGE_SIZE_MAX }));
    entries.push(...chunk.entries);
    if (entries.length >= chunk.total || chunk.entries.length === 0) break;
  }
  return entries;
}

function download(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'user-activity.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/** /user-activity: the audit log of the caller's subtree, newest first. */
export function UserActivityPage() {
  const role = useStore(profileStore, (s) => s.profile?.role);
  const { page, pageSize, setPage, onChange: onPage } = usePaging(25);
  const [action, setAction] = useState('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);
  const filters: AuditListParams = { action: action || undefined, search: debouncedSearch.trim() || undefined, from: toIso(from), to: toIso(to) };

  const activity = useCallQuery(adminEndpoints.listAuditLog, listAuditLog, [{ ...filters, page, pageSize }], { placeholderData: keepPreviousData });
  const exportCsv = useCallMutation(async (wanted: AuditListParams) => download(auditCsv(await allEntries(wanted))), { onError: alertError });
  const verify = useCallMutation(verifyAuditLog, { onSuccess: (check) => showAlert(auditVerifyAlert(auditVerifySchema.parse(check))), onError: alertError });

  // A filter change starts again at the first page.
  const filter = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setPage(1);
  };

  return (
    <Box>
      <PageHeader
        title="User Activity"
        subtitle="Security and data events in your organisation and below it"
        actions={
          <>
            <Button variant="outlined" onClick={() => exportCsv.mutate(filters)} disabled={!activity.data || activity.data.total === 0}>
              Export CSV
            </Button>
            {role === 'ADMIN' ? (
              <Button variant="outlined" onClick={() => verify.mutate()}>
                Verify chain
              </Button>
            ) : null}
          </>
        }
      />
      <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} component="form" role="search" aria-label="Filter activity" onSubmit={(e) => e.preventDefault()}>
          <TextField
            id="activity-search"
            label="User or target"
            value={search}
            onChange={filter(setSearch)}
            size="small"
          />
          <TextField
            id="activity-action"
            select
            label="Action"
            value={action}
            onChange={filter(setAction)}
            size="small"
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">All actions</MenuItem>
            {Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="activity-from"
            label="From"
            type="datetime-local"
            value={from}
            onChange={filter(setFrom)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            id="activity-to"
            label="To"
            type="datetime-local"
            value={to}
            onChange={filter(setTo)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </Card>
      <QueryState query={activity} noun="activity" isEmpty={(result) => result.total === 0} empty="No activity matches these filters.">
        {(result) => (
          <Card variant="outlined">
            <ListTable label="User activity" busy={activity.isFetching} columns={['Time', 'Who', 'What', 'Target', 'Address', 'Organisation']}>
              {result.entries.map((entry) => (
                <TableRow key={entry.seq}>
                  <TableCell>{formatDateTime(entry.at)}</TableCell>
                  <TableCell>{entry.actorName ?? '—'}</TableCell>
                  <TableCell>{actionLabel(entry.action)}</TableCell>
                  <TableCell>{entry.target ?? '—'}</TableCell>
                  <TableCell>{entry.ip ?? '—'}</TableCell>
                  <TableCell>{entry.organisationName ?? '—'}</TableCell>
                </TableRow>
              ))}
            </ListTable>
            <ListPagination total={result.total} page={page} pageSize={pageSize} onChange={onPage} />
          </Card>
        )}
      </QueryState>
    </Box>
  );
}
