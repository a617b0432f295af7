import Box from '@mui/material/Box';
import { getMetricsConfig } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallQuery } from '@portal/data';
import { PageHeader } from '@portal/ui';
import { QueryState } from '@portal/ui/kit';
import { GrafanaEmbed } from './grafana-embed';
import { MetricsCharts } from './metrics-charts';

/** /grafana (ADMIN): the configured Grafana dashboard, or the same metrics drawn by the portal itself. */
export function GrafanaPage() {
  const config = useCallQuery(adminEndpoints.getMetricsConfig, getMetricsConfig, []);

  return (
    <Box>
      <PageHeader title="Grafana" subtitle="Requests, latency, jobs, protected data and queue depth" />
      <QueryState query={config} noun="metrics settings">
        {({ grafanaUrl }) => (grafanaUrl ? <GrafanaEmbed url={grafanaUrl} /> : <MetricsCharts />)}
      </QueryState>
    </Box>
  );
}
