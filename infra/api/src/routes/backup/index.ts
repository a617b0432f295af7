import type { FastifyPluginAsync } from 'fastify';
import { backupRoutes } from './backup-routes';
import { tenantConsentRoutes } from './tenant-consent-routes';

/** Tenants (and Connect with Microsoft), backup sets, objects, snapshots, items, restores, mappings and jobs (customers only), in this order. */
export const backupArea: FastifyPluginAsync[] = [backupRoutes, tenantConsentRoutes];
