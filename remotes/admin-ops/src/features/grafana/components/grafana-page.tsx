import { NotBuiltYet } from '@portal/ui';

export function GrafanaPage() {
  return <NotBuiltYet title="Grafana" />;
}
