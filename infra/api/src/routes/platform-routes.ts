import { platformVersionSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { getSetting, SETTING_PLATFORM_VERSION } from '../repositories/settings-repository';
import { HttpError } from '../services/errors';
import type { RouteDeps } from './route-deps';

export async function platformRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get('/platform/version', { schema: { response: { 200: platformVersionSchema } } }, async () => {
    const version = await getSetting<unknown>(deps.db, SETTING_PLATFORM_VERSION);
    if (typeof version !== 'string' || version === '') throw new HttpError(404, 'Platform version is not available');
    return { version };
  });
}
