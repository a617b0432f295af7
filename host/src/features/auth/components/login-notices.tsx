import { DEMO_NOTICE, useDemoMode } from '../../../lib/demo-mode-store';
import { useMaintenanceStatus } from '../../../lib/use-maintenance-status';

// MUI's Alert icons (info outlined, warning outlined), so the notices look as on the other public pages.
const INFO_ICON = 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z';
const WARNING_ICON = 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z';

const Icon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
);

/**
 * The demo and maintenance banners of the public pages (DemoBanner, MaintenanceBanner), drawn with
 * plain elements for the sign-in page: same roles, names, test ids and texts. `demo`: the portal's
 * flag when known before the runtime config is (the prerendered page).
 */
export function LoginNotices({ demo: given }: { demo?: boolean }) {
  const demo = useDemoMode() || !!given;
  const maintenance = useMaintenanceStatus();
  return (
    <>
      {demo ? (
        <div role="note" aria-label="Demo mode" data-testid="demo-banner" className="pl-notice pl-notice-info">
          <Icon path={INFO_ICON} />
          <div>{DEMO_NOTICE}</div>
        </div>
      ) : null}
      {maintenance?.enabled && maintenance.message ? (
        <div role="status" data-testid="maintenance-banner" className="pl-notice pl-notice-warning">
          <Icon path={WARNING_ICON} />
          <div>
            <strong>Maintenance</strong>
            {maintenance.message}
          </div>
        </div>
      ) : null}
    </>
  );
}
