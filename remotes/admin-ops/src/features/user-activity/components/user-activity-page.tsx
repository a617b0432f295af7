import {
  Box,
  Button,
  Card,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { AUDIT_PAGE_SIZE_MAX, auditVerifySchema, type AuditEntry, type AuditListParams, type AuditPage } from '@portal/contracts';
import { listAuditLog, verifyAuditLog } from '@portal/contracts/calls';
import { PageHeader, profileStore, showAlert, useDebouncedValue } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { ListState } from '../../../components/list-state';
import { errorOf } from '../../../lib/api-result';
import { AUDIT_ACTION_LABELS, actionLabel } from '../lib/audit-actions';
import { auditCsv } from '../lib/audit-csv';
import { auditVerifyAlert } from '../lib/audit-verify-message';

type State = { page: AuditPage | null; loading: boolean; error: string | null };

const CSV_MAX_PAGES = 100;

const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

// <input type="datetime-local"> gives local time without a zone; the API wants an offset.
const toIso = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

/** /user-activity: the audit log of the caller's subtree, newest first. */
export function UserActivityPage() {
  const role = useStore(profileStore, (s) => s.profile?.role);
  const [state, setState] = useState<State>({ page: null, loading: true, error: null });
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [action, setAction] = useState('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);

  const filters = useCallback(
    (): AuditListParams => ({ action: action || undefined, search: debouncedSearch.trim() || undefined, from: toIso(from), to: toIso(to) }),
    [action, debouncedSearch, from, to],
  );

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    const result = await listAuditLog({ ...filters(), page: pageIndex + 1, pageSize });
    const error = errorOf(result);
    setState(error ? { page: null, loading: false, error } : { page: result as AuditPage, loading: false, error: null });
  }, [filters, pageIndex, pageSize]);

  useEffect(() => {
    void load();
  }, [load]);

  const exportCsv = async () => {
    const entries: AuditEntry[] = [];
    for (let page = 1; page <= CSV_MAX_PAGES; page += 1) {
      const result = await listAuditLog({ ...filters(), page, pageSize: AUDIT_PAGE_SIZE_MAX });
      const error = errorOf(result);
      if (error) {
        showAlert({ message: error, type: 'error' });
        return;
      }
      const chunk = result as AuditPage;
      entries.push(...chunk.entries);
      if (entries.length >= chunk.total || chunk.entries.length === 0) break;
    }
    const url = URL.createObjectURL(new Blob([auditCsv(entries)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'user-activity.csv';
    link.click();
    URL.revokeObjectURL(url);
  };

  const verify = async () => {
    const result = await verifyAuditLog();
    const error = errorOf(result);
    if (error) {
      showAlert({ message: error, type: 'error' });
      return;
    }
    showAlert(auditVerifyAlert(auditVerifySchema.parse(result)));
  };

  const resetPage = () => setPageIndex(0);

  return (
    <Box>
      <PageHeader
        title="User Activity"
        subtitle="Security and data events in your organisation and below it"
        actions={
          <>
            <Button variant="outlined" onClick={() => void exportCsv()} disabled={!state.page || state.page.total === 0}>
              Export CSV
            </Button>
            {role === 'ADMIN' ? (
              <Button variant="outlined" onClick={() => void verify()}>
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
            onChange={(e) => {
              setSearch(e.target.value);
              resetPage();
            }}
            size="small"
          />
          <TextField
            id="activity-action"
            select
            label="Action"
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              resetPage();
            }}
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
            onChange={(e) => {
              setFrom(e.target.value);
              resetPage();
            }}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            id="activity-to"
            label="To"
            type="datetime-local"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              resetPage();
            }}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </Card>
      <ListState
        error={state.error}
        onRetry={() => void load()}
        loaded={!!state.page}
        empty={state.page?.total === 0}
        loadingText="Loading activity…"
        emptyText="No activity matches these filters."
      >
        <Card variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="User activity" aria-busy={state.loading}>
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>Target</TableCell>
                  <TableCell>Address</TableCell>
                  <TableCell>Organisation</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(state.page?.entries ?? []).map((entry) => (
                  <TableRow key={entry.seq}>
                    <TableCell>{formatTime(entry.at)}</TableCell>
                    <TableCell>{entry.actorName ?? '—'}</TableCell>
                    <TableCell>{actionLabel(entry.action)}</TableCell>
                    <TableCell>{entry.target ?? '—'}</TableCell>
                    <TableCell>{entry.ip ?? '—'}</TableCell>
                    <TableCell>{entry.organisationName ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={state.page?.total ?? 0}
            page={pageIndex}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(_e, page) => setPageIndex(page)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              resetPage();
            }}
          />
        </Card>
      </ListState>
    </Box>
  );
}
