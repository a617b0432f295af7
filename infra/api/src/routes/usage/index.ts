import type { FastifyPluginAsync } from 'fastify';
import { usageRoutes } from './usage-routes';

/** The usage feed and monthly usage reports. */
export const usageArea: FastifyPluginAsync[] = [usageRoutes];
