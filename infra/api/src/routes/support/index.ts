import type { FastifyPluginAsync } from 'fastify';
import { supportRoutes } from './support-routes';

/** Support tickets and feedback. Registered in this order. */
export const supportArea: FastifyPluginAsync[] = [supportRoutes];
