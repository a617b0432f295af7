import type { FastifyPluginAsync } from 'fastify';
import { backupRoutes } from './backup-routes';

/** Tenants, backup sets, objects, snapshots, items, restores, mappings and jobs (customers only), in this order. */
export const backupArea: FastifyPluginAsync[] = [backupRoutes];
