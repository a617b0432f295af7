import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useMaintenanceStatus } from '../lib/use-maintenance-status';

export { MAINTENANCE_POLL_MS } from '../lib/use-maintenance-status';

/** The operator's maintenance message (see useMaintenanceStatus). The message is plain text and rendered as text. */
export function MaintenanceBanner() {
  const status = useMaintenanceStatus();
  if (!status?.enabled || !status.message) return null;
  return (
    <Alert severity="warning" role="status" data-testid="maintenance-banner" sx={{ mb: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      <AlertTitle>Maintenance</AlertTitle>
      {status.message}
    </Alert>
  );
}
