import { Box, Button, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { getHealth } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallQuery } from '@portal/data';
import { formatDateTime, PageHeader, QueryState } from '@portal/ui';
import { StatusChip } from '../../../components/status-chip';
import { visiblePoll } from '../../../lib/visible-poll';
import { formatAge, formatLatency, formatUptime } from './health-format';
import { HealthPartCard } from './health-part-card';
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
              <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                <HealthPartCard
                  id="api"
                  title="API"
                  status={health.api.status}
                  facts={[
                    { label: 'Version', value: health.api.version },
                    { label: 'Uptime', value: formatUptime(health.api.uptimeSeconds) },
                  ]}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                <HealthPartCard
                  id="db"
                  title="Database"
                  status={health.database.status}
                  facts={[
                    { label: 'Driver', value: health.database.driver },
                    { label: 'Latency', value: formatLatency(health.database.latencyMs) },
                  ]}
                />
              </Grid>
              {health.email ? (
                <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                  <HealthPartCard
                    id="email"
                    title="E-mail"
                    status={health.email.status}
                    detail={health.email.detail}
                    facts={[
                      { label: 'Mode', value: health.email.mode === 'smtp' ? 'SMTP' : 'Outbox' },
                      { label: 'Latency', value: formatLatency(health.email.latencyMs) },
                      ...(health.email.mode === 'outbox'
                        ? [
                            { label: 'Undelivered', value: String(health.email.pending ?? 0) },
                            { label: 'Oldest undelivered', value: formatAge(health.email.oldestPendingSeconds) },
                          ]
                        : []),
                    ]}
                  />
                </Grid>
              ) : null}
              {health.blobStore ? (
                <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                  <HealthPartCard
                    id="blob"
                    title="Blob store"
                    status={health.blobStore.status}
                    detail={health.blobStore.detail}
                    facts={[
                      { label: 'Kind', value: health.blobStore.kind },
                      { label: 'Round trip', value: formatLatency(health.blobStore.latencyMs) },
                    ]}
                  />
                </Grid>
              ) : null}
              {health.jobQueue ? (
                <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                  <HealthPartCard
                    id="queue"
                    title="Job queue"
                    status={health.jobQueue.status}
                    detail={health.jobQueue.detail}
                    facts={[
                      { label: 'Kind', value: health.jobQueue.kind },
                      { label: 'Queued', value: String(health.jobQueue.queued) },
                      { label: 'Running', value: String(health.jobQueue.running) },
                      { label: 'Oldest queued', value: formatAge(health.jobQueue.oldestQueuedSeconds) },
                      { label: 'Live workers', value: String(health.jobQueue.liveWorkers) },
                    ]}
                  />
                </Grid>
              ) : null}
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
