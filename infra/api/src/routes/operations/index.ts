import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health-routes';
import { maintenanceRoutes } from './maintenance-routes';
import { metricsRoutes } from './metrics-routes';
import { operatorRoutes } from './operator-routes';
import { remoteLoadsRoutes } from './remote-loads-routes';
import { remoteOpsRoutes } from './remote-ops-routes';

/** Remote versions and their reports, health, the operator page, maintenance mode and metrics. Registered in this order. */
export const operationsArea: FastifyPluginAsync[] = [remoteOpsRoutes, remoteLoadsRoutes, healthRoutes, operatorRoutes, maintenanceRoutes, metricsRoutes];
