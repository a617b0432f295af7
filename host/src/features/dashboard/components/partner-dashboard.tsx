import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import type { PartnerDashboard as PartnerSummary, Role } from '@portal/contracts';
import { formatBytes, formatRate } from '@portal/ui';
import { cardLink } from '../lib/card-link';
import { JobRateChart } from './job-rate-chart';
import { SummaryCard } from './summary-card';

const cell = { xs: 12, sm: 6, lg: 4 } as const;

/** The provider's and partners' cards: their whole subtree. */
export function PartnerDashboard({ summary, role }: { summary: PartnerSummary; role: Role | undefined }) {
  const link = (...candidates: string[]) => cardLink(role, candidates);
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Summary">
      <Grid size={cell} component="li">
        <SummaryCard title="Organisations" value={summary.organisations.toLocaleString()} to={link(paths.userManagement)} />
      </Grid>
      <Grid size={cell} component="li">
        <SummaryCard title="Protected seats" value={summary.protectedSeats.toLocaleString()} to={link(paths.userManagement)} />
      </Grid>
      <Grid size={cell} component="li">
        <SummaryCard title="Storage" value={formatBytes(summary.storageBytes)} to={link(paths.backup, paths.grafana)} />
      </Grid>
      <Grid size={{ xs: 12, lg: 8 }} component="li">
        <SummaryCard title="Job success rate" to={link(paths.jobs, paths.grafana)}>
          <Typography variant="h5" component="p" sx={{ mt: 0.5 }}>
            {formatRate(summary.jobs24h.rate)} <Typography component="span" color="text.secondary">last 24 hours</Typography>
            {' · '}
            {formatRate(summary.jobs7d.rate)} <Typography component="span" color="text.secondary">last 7 days</Typography>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {summary.jobs7d.succeeded} of {summary.jobs7d.finished} finished jobs succeeded in 7 days
          </Typography>
          <JobRateChart daily={summary.daily} />
        </SummaryCard>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 2 }} component="li">
        <SummaryCard title="Open alerts" value={summary.openAlerts.toLocaleString()} to={link(paths.alerts)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 2 }} component="li">
        <SummaryCard title="Open tickets" value={summary.openTickets.toLocaleString()} to={link(paths.supportTickets)} />
      </Grid>
    </Grid>
  );
}
