import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Health } from '@portal/contracts';
import { getHealth } from '@portal/contracts/calls';
import { PageHeader } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';

type State = { health: Health | null; error: string | null; loading: boolean };

const statusColor = (status: string) => (status === 'ok' ? 'success' : status === 'degraded' ? 'warning' : 'error');

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return [d ? `${d}d` : '', h ? `${h}h` : '', m ? `${m}m` : '', `${s}s`].filter(Boolean).join(' ');
}

const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

export function HealthCheckPage() {
  const [state, setState] = useState<State>({ health: null, error: null, loading: true });

  const refresh = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    try {
      const result = await getHealth();
      if ('errorMessage' in result && result.errorMessage) {
        setState({ health: null, error: result.errorMessage, loading: false });
      } else {
        setState({ health: result as Health, error: null, loading: false });
      }
    } catch (error) {
      setState({ health: null, error: error instanceof Error ? error.message : String(error), loading: false });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const { health, error, loading } = state;

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <PageHeader title="Health Check" />
        <Button variant="outlined" onClick={() => void refresh()} disabled={loading}>
          Refresh
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {health ? (
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              Overall status
            </Typography>
            <Chip label={health.status} color={statusColor(health.status)} />
            <Typography variant="body2" color="text.secondary">
              Checked {formatDate(health.checkedAt)}
            </Typography>
          </Stack>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" component="section" aria-labelledby="health-api">
                <CardContent>
                  <Typography id="health-api" variant="h6" component="h2" gutterBottom>
                    API
                  </Typography>
                  <Stack component="dl" spacing={1} sx={{ m: 0 }}>
                    <Fact label="Status" value={<Chip size="small" label={health.api.status} color={statusColor(health.api.status)} />} />
                    <Fact label="Version" value={health.api.version} />
                    <Fact label="Uptime" value={formatUptime(health.api.uptimeSeconds)} />
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" component="section" aria-labelledby="health-db">
                <CardContent>
                  <Typography id="health-db" variant="h6" component="h2" gutterBottom>
                    Database
                  </Typography>
                  <Stack component="dl" spacing={1} sx={{ m: 0 }}>
                    <Fact label="Status" value={<Chip size="small" label={health.database.status} color={statusColor(health.database.status)} />} />
                    <Fact label="Driver" value={health.database.driver} />
                    <Fact label="Latency" value={health.database.latencyMs === null ? 'n/a' : `${health.database.latencyMs} ms`} />
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
          <Box component="section" aria-labelledby="health-remotes">
            <Typography id="health-remotes" variant="h6" component="h2" gutterBottom>
              Remotes
            </Typography>
            <TableContainer component={Card} variant="outlined">
              <Table size="small" aria-labelledby="health-remotes">
                <TableHead>
                  <TableRow>
                    <TableCell>Remote</TableCell>
                    <TableCell>Version</TableCell>
                    <TableCell>Published</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {health.remotes.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={3}>No remote is published.</TableCell>
                    </TableRow>
                  ) : (
                    health.remotes.map((remote) => (
                      <TableRow key={remote.name}>
                        <TableCell>{remote.name}</TableCell>
                        <TableCell>{remote.version}</TableCell>
                        <TableCell>{formatDate(remote.publishedAt)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        </Stack>
      ) : null}
    </Box>
  );
}
