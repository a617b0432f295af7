import { Box } from '@mui/material';
import type { MetricsConfig } from '@portal/contracts';
import { getMetricsConfig } from '@portal/contracts/calls';
import { PageHeader } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { ListState } from '../../../components/list-state';
import { errorOf } from '../../../lib/api-result';
import { GrafanaEmbed } from './grafana-embed';
import { MetricsCharts } from './metrics-charts';

type State = { config: MetricsConfig | null; error: string | null };

/** /grafana (ADMIN): the configured Grafana dashboard, or the same metrics drawn by the portal itself. */
export function GrafanaPage() {
  const [state, setState] = useState<State>({ config: null, error: null });

  const load = useCallback(async () => {
    setState({ config: null, error: null });
    try {
      const result = await getMetricsConfig();
      const error = errorOf(result);
      setState(error ? { config: null, error } : { config: result as MetricsConfig, error: null });
    } catch {
      setState({ config: null, error: 'The metrics settings could not be loaded.' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box>
      <PageHeader title="Grafana" subtitle="Requests, latency, jobs, protected data and queue depth" />
      <ListState error={state.error} onRetry={() => void load()} loaded={state.config !== null} empty={false} loadingText="Loading metrics settings…" emptyText="">
        {state.config?.grafanaUrl ? <GrafanaEmbed url={state.config.grafanaUrl} /> : <MetricsCharts />}
      </ListState>
    </Box>
  );
}
