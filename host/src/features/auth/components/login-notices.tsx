import { DEMO_NOTICE, useDemoMode } from '../../../lib/demo-mode-store';
import { useMaintenanceStatus } from '../../../lib/use-maintenance-status';

/**
 * The demo and maintenance banners of the public pages (DemoBanner, MaintenanceBanner), drawn with
 * plain elements for the sign-in page: same roles, names, test ids and texts.
 */
export function LoginNotices() {
  const demo = useDemoMode();
  const maintenance = useMaintenanceStatus();
  return (
    <>
      {demo ? (
        <div role="note" aria-label="Demo mode" data-testid="demo-banner" className="pl-notice pl-notice-info">
          {DEMO_NOTICE}
        </div>
      ) : null}
      {maintenance?.enabled && maintenance.message ? (
        <div role="status" data-testid="maintenance-banner" className="pl-notice pl-notice-warning">
          <strong>Maintenance</strong>
          {maintenance.message}
        </div>
      ) : null}
    </>
  );
}
