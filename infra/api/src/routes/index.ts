import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account-routes';
import { alertsRoutes } from './alerts-routes';
import { auditRoutes } from './audit-routes';
import { authRoutes } from './auth-routes';
import { backupRoutes } from './backup-routes';
import { dashboardRoutes } from './dashboard-routes';
import { devRoutes } from './dev-routes';
import { healthRoutes } from './health-routes';
import { maintenanceRoutes } from './maintenance-routes';
import { mediaRoutes } from './media-routes';
import { metricsRoutes } from './metrics-routes';
import { mfaEnrolmentRoutes } from './mfa-enrolment-routes';
import { mfaRoutes } from './mfa-routes';
import { notificationSettingsRoutes } from './notification-settings-routes';
import { operatorRoutes } from './operator-routes';
import { passwordRoutes } from './password-routes';
import { platformRoutes } from './platform-routes';
import { profileRoutes } from './profile-routes';
import { remoteLoadsRoutes } from './remote-loads-routes';
import { remoteOpsRoutes } from './remote-ops-routes';
import { supportRoutes } from './support-routes';
import { userManagementRoutes } from './user-management-routes';
import { userSessionsRoutes } from './user-sessions-routes';
import { whitelabelRoutes } from './whitelabel-routes';

/**
 * The route plugins by area (the tags of the OpenAPI document). Each reads `app.services` and
 * registers its routes from the area's descriptors, which also say who may call them.
 */
export const ROUTES_BY_AREA: Record<string, FastifyPluginAsync[]> = {
  account: [authRoutes, accountRoutes, mfaRoutes, passwordRoutes, profileRoutes, mfaEnrolmentRoutes, userSessionsRoutes, whitelabelRoutes, notificationSettingsRoutes, mediaRoutes, platformRoutes, devRoutes],
  support: [supportRoutes],
  backup: [backupRoutes],
  administration: [userManagementRoutes, auditRoutes, dashboardRoutes, alertsRoutes],
  operations: [remoteOpsRoutes, remoteLoadsRoutes, healthRoutes, operatorRoutes, maintenanceRoutes, metricsRoutes],
};

/** The API plugin's last stage: every area's routes, each area in its own encapsulated context. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const plugins of Object.values(ROUTES_BY_AREA)) {
    await app.register(async (area) => {
      for (const plugin of plugins) await area.register(plugin);
    });
  }
}
