import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { getSetting, SETTING_PLATFORM_VERSION } from '../../repositories/settings-repository';
import { HttpError } from '../../services/errors';

export async function platformRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.getPlatformVersion, async () => {
    const version = await getSetting<unknown>(deps.db, SETTING_PLATFORM_VERSION);
    if (typeof version !== 'string' || version === '') throw new HttpError(404, 'Platform version is not available');
    return { version };
  });
}
