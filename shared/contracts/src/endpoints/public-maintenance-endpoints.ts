import { defineEndpoints } from '../endpoint';
import { firstPageRoutes } from './first-page-routes';
import { maintenanceStatusSchema } from '../admin-ops-metrics';

// Part of the admin area (adminEndpoints spreads it in); every sign-in page shows the maintenance
// notice, so the host's first page imports this one descriptor instead of the whole area's schemas.
export const publicMaintenanceEndpoints = defineEndpoints({
  getPublicMaintenance: {
    ...firstPageRoutes.getPublicMaintenance, tag: 'Maintenance',
    summary: 'Whether maintenance mode is on, and its message (no sign-in needed)',
    response: { status: 200, schema: maintenanceStatusSchema },
  },
});
