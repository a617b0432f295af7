import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALERT_LEVELS,
  ALERT_SOURCE_KIND_LABELS,
  ALERT_SOURCE_KINDS,
  ALERT_STATUS_FILTERS,
  alertSourceKind,
  type AlertLevel,
  type AlertSourceKind,
  type AlertStatusFilter,
  type AlertView,
} from '@portal/contracts';
import { acknowledgeAlert, listAlerts, resolveAlert } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { keepPreviousData, useCallMutation, useCallQuery } from '@portal/data';
import { formatDateTime, PageHeader } from '@portal/ui';
import { menuItems } from '@portal/ui/form';
import { ChangeAction, ListTable, QueryState } from '@portal/ui/kit';
import { useState } from 'react';
import { alertError, alertSuccess } from '../../../lib/alerts';

const SEVERITY: Record<AlertLevel, { label: string; color: 'info' | 'warning' | 'error' }> = {
  info: { label: 'Info', color: 'info' },
  warning: { label: 'Warning', color: 'warning' },
  error: { label: 'Error', color: 'error' },
  critical: { label: 'Critical', color: 'error' },
};

const STATUS_FILTER_LABELS: Record<AlertStatusFilter, string> = {
  active: 'Open and acknowledged',
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  all: 'All',
};

/** What raised the alert (job, security, Microsoft 365, remote), from its source. */
const sourceLabel = (source: string) => {
  const kind = alertSourceKind(source);
  return kind ? ALERT_SOURCE_KIND_LABELS[kind] : 'Other';
};

const formatTime = (iso: string | null) => formatDateTime(iso, '');

function statusText(alert: AlertView): string {
  if (alert.status === 'resolved') return `Resolved ${alert.resolvedByName ? `by ${alert.resolvedByName} ` : ''}${formatTime(alert.resolvedAt)}`;
  if (alert.status === 'acknowledged') return `Acknowledged ${alert.acknowledgedByName ? `by ${alert.acknowledgedByName} ` : ''}${formatTime(alert.acknowledgedAt)}`;
  return 'Open';
}

/** /alerts: the alerts of the caller's subtree (and platform alerts for the provider). */
export function AlertsPage() {
  const [severity, setSeverity] = useState<AlertLevel | ''>('');
  const [status, setStatus] = useState<AlertStatusFilter>('active');
  const [kind, setKind] = useState<AlertSourceKind | ''>('');
  const alerts = useCallQuery(adminEndpoints.listAlerts, listAlerts, [{ severity: severity || undefined, status, kind: kind || undefined }], {
    placeholderData: keepPreviousData,
  });

  const change = useCallMutation(
    ({ alert, action }: { alert: AlertView; action: 'acknowledge' | 'resolve' }) => (action === 'acknowledge' ? acknowledgeAlert(alert.id) : resolveAlert(alert.id)),
    {
      onSuccess: (_alert, { action }) => alertSuccess(action === 'acknowledge' ? 'Alert acknowledged' : 'Alert resolved'),
      onError: alertError,
      // A refusal (resolved meanwhile, say) reloads too: the list shows the alert as it now is.
      onSettled: () => alerts.refetch(),
    },
  );
  const busy = (alert: AlertView) => change.isPending && change.variables.alert.id === alert.id;

  return (
    <Box>
      <PageHeader title="Alerts" subtitle="Failed and warning jobs, security events, Microsoft 365 connection problems and platform problems in your organisation and below it" />
      <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="form" role="search" aria-label="Filter alerts" onSubmit={(e) => e.preventDefault()}>
          <TextField
            id="alerts-severity"
            select
            label="Severity"
            value={severity}
            onChange={(e) => setSeverity(e.target.value as AlertLevel | '')}
            size="small"
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">All severities</MenuItem>
            {menuItems(ALERT_LEVELS, (level) => SEVERITY[level].label)}
          </TextField>
          <TextField id="alerts-kind" select label="Source" value={kind} onChange={(e) => setKind(e.target.value as AlertSourceKind | '')} size="small" sx={{ minWidth: 180 }}>
            <MenuItem value="">All sources</MenuItem>
            {menuItems(ALERT_SOURCE_KINDS, ALERT_SOURCE_KIND_LABELS)}
          </TextField>
          <TextField
            id="alerts-status"
            select
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as AlertStatusFilter)}
            size="small"
            sx={{ minWidth: 220 }}
          >
            {menuItems(ALERT_STATUS_FILTERS, STATUS_FILTER_LABELS)}
          </TextField>
        </Stack>
      </Card>
      <QueryState query={alerts} noun="alerts" isEmpty={(list) => list.alerts.length === 0} empty="No alerts match these filters.">
        {(list) => (
          <Card variant="outlined">
            <ListTable
              label="Alerts"
              busy={alerts.isFetching}
              columns={['Severity', 'Alert', 'Source', 'Organisation', 'Raised', 'Status', { label: 'Actions', align: 'right' }]}
            >
              {list.alerts.map((alert) => (
                <TableRow key={alert.id}>
                  <TableCell>
                    {/* Colour on the border only: coloured chip text falls below 4.5:1 in this theme; the label says it all. */}
                    <Chip size="small" variant="outlined" label={SEVERITY[alert.severity].label} sx={{ borderColor: `${SEVERITY[alert.severity].color}.main`, borderWidth: 2 }} />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{alert.message}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {alert.source}
                    </Typography>
                  </TableCell>
                  <TableCell>{sourceLabel(alert.source)}</TableCell>
                  <TableCell>{alert.organisationName ?? 'Platform'}</TableCell>
                  <TableCell>{formatTime(alert.createdAt)}</TableCell>
                  <TableCell>{statusText(alert)}</TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} justifyContent="flex-end">
                      {alert.status === 'open' && (
                        <ChangeAction>
                          <Button size="small" variant="contained" disabled={busy(alert)} onClick={() => change.mutate({ alert, action: 'acknowledge' })} aria-label={`Acknowledge: ${alert.message}`}>
                            Acknowledge
                          </Button>
                        </ChangeAction>
                      )}
                      {alert.status !== 'resolved' && (
                        <ChangeAction>
                          <Button size="small" variant="contained" color="secondary" disabled={busy(alert)} onClick={() => change.mutate({ alert, action: 'resolve' })} aria-label={`Resolve: ${alert.message}`}>
                            Resolve
                          </Button>
                        </ChangeAction>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          </Card>
        )}
      </QueryState>
    </Box>
  );
}
