import type { FastifyPluginAsync } from 'fastify';
import { alertsRoutes } from './alerts-routes';
import { auditRoutes } from './audit-routes';
import { dashboardRoutes } from './dashboard-routes';
import { userManagementRoutes } from './user-management-routes';

/** User management, the audit log, the dashboard and alerts. Registered in this order. */
export const administrationArea: FastifyPluginAsync[] = [userManagementRoutes, auditRoutes, dashboardRoutes, alertsRoutes];
