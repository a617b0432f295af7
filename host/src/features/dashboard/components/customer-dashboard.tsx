import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import type { CustomerDashboard as CustomerSummary, Role, ServiceProtection } from '@portal/contracts';
import { BACKUP_SERVICE_LABELS } from '@portal/contracts/labels';
import { formatBytes, formatDateTime } from '@portal/ui';
import { cardLink } from '../lib/card-link';
import { SummaryCard } from './summary-card';

const PROTECTION: Record<ServiceProtection, { label: string; color: 'success' | 'warning' | 'error' | 'info' | 'default' }> = {
  protected: { label: 'Protected', color: 'success' },
  warning: { label: 'Warning', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  pending: { label: 'Not yet run', color: 'info' },
  unprotected: { label: 'Not protected', color: 'default' },
};

const JOB_STATUS_LABEL: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  warning: 'Warning',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A customer's cards: its own organisation. */
export function CustomerDashboard({ summary, role }: { summary: CustomerSummary; role: Role | undefined }) {
  const link = (...candidates: string[]) => cardLink(role, candidates);
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Summary">
      <Grid size={{ xs: 12, md: 8 }} component="li">
        <SummaryCard title="Protection status" to={link(paths.backup)}>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, mt: 1 }}>
            {summary.services.map(({ service, status }) => (
              <Box key={service} sx={{ display: 'contents' }}>
                <Typography component="dt">{BACKUP_SERVICE_LABELS[service]}</Typography>
                <Box component="dd" sx={{ m: 0 }}>
                  {/* Colour on the border only: coloured chip text falls below 4.5:1 in this theme. */}
                  <Chip
                    size="small"
                    label={PROTECTION[status].label}
                    variant="outlined"
                    sx={PROTECTION[status].color === 'default' ? undefined : { borderColor: `${PROTECTION[status].color}.main`, borderWidth: 2 }}
                  />
                </Box>
              </Box>
            ))}
          </Box>
        </SummaryCard>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }} component="li">
        <SummaryCard title="Backups" to={link(paths.jobs)}>
          <Typography sx={{ mt: 1 }}>Last: {formatDateTime(summary.lastBackupAt, 'Never')}</Typography>
          <Typography>Next: {formatDateTime(summary.nextBackupAt, 'Not scheduled')}</Typography>
        </SummaryCard>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }} component="li">
        <SummaryCard title="Storage" value={formatBytes(summary.storageBytes)} to={link(paths.backup)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }} component="li">
        <SummaryCard title="Open alerts" value={summary.openAlerts.toLocaleString()} to={link(paths.alerts)} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }} component="li">
        <SummaryCard title="Recent jobs" to={link(paths.jobs)}>
          {summary.recentJobs.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              No jobs yet
            </Typography>
          ) : (
            <List dense disablePadding>
              {summary.recentJobs.map((job) => (
                <ListItem key={job.id} disableGutters>
                  <ListItemText primary={job.title} secondary={`${JOB_STATUS_LABEL[job.status] ?? job.status} · ${formatDateTime(job.finishedAt ?? job.createdAt)}`} />
                </ListItem>
              ))}
            </List>
          )}
        </SummaryCard>
      </Grid>
    </Grid>
  );
}
