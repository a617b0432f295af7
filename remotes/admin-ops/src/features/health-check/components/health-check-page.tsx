import { Alert, Box, Button, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import type { Health } from '@portal/contracts';
import { getHealth } from '@portal/contracts/calls';
import { PageHeader } from '@portal/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { StatusChip } from '../../../components/status-chip';
import { errorOf } from '../../../lib/api-result';
import { useVisibleInterval } from '../../../lib/use-visible-interval';
import { formatAge, formatDate, formatLatency, formatUptime } from './health-format';
import { HealthPartCard } from './health-part-card';
import { RemoteHealthTable } from './remote-health-table';
import { TenantConnectivityTable } from './tenant-connectivity-table';

/** The API caches Graph probes for a minute; refreshing more often than this would show nothing new. */
export const HEALTH_REFRESH_MS = 30_000;

type State = { health: Health | null; error: string | null; loading: boolean };

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
  const [state, setState] = useState<State>({ health: null, error: null, loading: true });
  const busy = useRef(false);

  const refresh = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    // The last answer stays on screen while the next one is fetched: no flicker.
    setState((s) => ({ ...s, loading: true }));
    try {
      const result = await getHealth();
      const error = errorOf(result);
      setState((s) => (error ? { health: s.health, error, loading: false } : { health: result as Health, error: null, loading: false }));
    } catch {
      setState((s) => ({ health: s.health, error: 'The health check could not be loaded.', loading: false }));
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useVisibleInterval(() => void refresh(), HEALTH_REFRESH_MS);

  const { health, error, loading } = state;

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <PageHeader title="Health Check" />
        <Button variant="contained" onClick={() => void refresh()} disabled={loading} startIcon={loading && health ? <CircularProgress size={16} aria-hidden /> : undefined}>
          Refresh
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" onClick={() => void refresh()}>Retry</Button>}>
          {error}
        </Alert>
      ) : null}
      {!health && loading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>Checking every part…</Typography>
        </Stack>
      ) : null}
      {health ? (
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="status" aria-live="polite">
            <Typography variant="h6" component="h2">
              Overall status
            </Typography>
            <StatusChip status={health.status} />
            <Typography variant="body2" color="text.secondary">
              Checked {formatDate(health.checkedAt)}
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
      ) : null}
    </Box>
  );
}
