import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { METRICS_RANGES, type MetricsRange } from '@portal/contracts';
import { getMetricsHistory } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallQuery } from '@portal/data';
import { formatCount } from '@portal/ui';
import { QueryState } from '@portal/ui/kit';
import { useState } from 'react';
import { formatBytes, formatMs, formatPointTime } from '../lib/metrics-format';
import { LineChart } from './line-chart';

const RANGE_LABELS: Record<MetricsRange, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' };

/** Without a Grafana URL the page draws the API's own metric history (one sample a minute per process). */
export function MetricsCharts() {
  const theme = useTheme();
  const [range, setRange] = useState<MetricsRange>('1h');
  const history = useCallQuery(adminEndpoints.getMetricsHistory, getMetricsHistory, [range]);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Typography color="text.secondary">
          No Grafana is configured (GRAFANA_URL), so these charts come from the portal API&apos;s own metric history.
        </Typography>
        {/* Default (not primary) colouring: the selected button keeps the text colour, which passes contrast in both modes. */}
        <ToggleButtonGroup exclusive size="small" value={range} aria-label="Time range" onChange={(_event, value: MetricsRange | null) => value && setRange(value)}>
          {METRICS_RANGES.map((r) => (
            <ToggleButton key={r} value={r} sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}>
              {RANGE_LABELS[r]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <QueryState
        query={history}
        noun="metrics"
        isEmpty={({ points }) => points.length === 0}
        empty={`No samples in the ${RANGE_LABELS[range].toLowerCase()} yet: the API stores one a minute.`}
      >
        {({ points, stepMinutes: step }) => {
          const labels = points.map((p) => formatPointTime(p.at, range));
          return (
            <>
              <Typography variant="body2" color="text.secondary" role="status">
                {RANGE_LABELS[range]}, one point per {step === 1 ? 'minute' : step < 60 ? `${step} minutes` : `${step / 60} hours`}.
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
                <LineChart title="Requests per minute" labels={labels} format={formatCount} series={[{ name: 'Requests/min', colour: theme.palette.primary.main, values: points.map((p) => p.requestsPerMinute) }]} />
                <LineChart title="Latency (p95)" labels={labels} format={formatMs} series={[{ name: 'p95 latency', colour: theme.palette.secondary.main, values: points.map((p) => p.p95LatencyMs) }]} />
                <LineChart
                  title="Jobs finished"
                  labels={labels}
                  format={formatCount}
                  series={[
                    { name: 'Succeeded', colour: theme.palette.success.main, values: points.map((p) => p.jobsSucceeded) },
                    { name: 'Failed', colour: theme.palette.error.main, values: points.map((p) => p.jobsFailed) },
                  ]}
                />
                <LineChart title="Bytes protected" labels={labels} format={formatBytes} series={[{ name: 'Protected', colour: theme.palette.info.main, values: points.map((p) => p.bytesProtected) }]} />
                <LineChart title="Job queue depth" labels={labels} format={formatCount} series={[{ name: 'Queued and running', colour: theme.palette.warning.main, values: points.map((p) => p.queueDepth) }]} />
              </Box>
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
