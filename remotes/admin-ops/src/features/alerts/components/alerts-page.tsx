import { NotBuiltYet } from '@portal/ui';

export function AlertsPage() {
  return <NotBuiltYet title="Alerts" />;
}
