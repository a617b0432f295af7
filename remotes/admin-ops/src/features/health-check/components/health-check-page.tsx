import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getHealth } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallQuery } from '@portal/data';
import { formatDateTime, PageHeader } from '@portal/ui';
import { QueryState } from '@portal/ui/kit';
import { StatusChip } from '../../../components/status-chip';
import { visiblePoll } from '../../../lib/visible-poll';
import { HealthPartCard } from './health-part-card';
import { healthParts } from './health-parts';
import { RemoteHealthTable } from './remote-health-table';
import { TenantConnectivityTable } from './tenant-connectivity-table';

/** The API caches Graph probes for a minute; refreshing more often than this would show nothing new. */
export const HEALTH_REFRESH_MS = 30_000;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /health-check (ADMIN): every part the portal depends on, refreshed while the page is visible. */
export function HealthCheckPage() {
  // The last answer stays on screen while the next one is fetched: no flicker.
  const query = useCallQuery(adminEndpoints.getHealth, getHealth, [], visiblePoll(HEALTH_REFRESH_MS));
  const loading = query.isFetching;

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <PageHeader title="Health Check" />
        <Button variant="contained" onClick={() => void query.refetch()} disabled={loading} startIcon={loading && query.data ? <CircularProgress size={16} aria-hidden /> : undefined}>
          Refresh
        </Button>
      </Stack>
      <QueryState query={query} noun="health check">
        {(health) => (
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="status" aria-live="polite">
              <Typography variant="h6" component="h2">
                Overall status
              </Typography>
              <StatusChip status={health.status} />
              <Typography variant="body2" color="text.secondary">
                Checked {formatDateTime(health.checkedAt)}
              </Typography>
            </Stack>
            <Grid container spacing={2}>
              {healthParts(health).map((part) => (
                <Grid key={part.id} size={{ xs: 12, md: 6, lg: 4 }}>
                  <HealthPartCard {...part} />
                </Grid>
              ))}
            </Grid>
            {health.tenants ? (
              <Section id="health-tenants" title="Tenants' Graph connectivity">
                <TenantConnectivityTable tenants={health.tenants} />
              </Section>
            ) : null}
            <Section id="health-remotes" title="Remotes">
              <RemoteHealthTable remotes={health.remotes} />
            </Section>
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
