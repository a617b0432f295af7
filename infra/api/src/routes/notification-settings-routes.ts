import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { registerEndpoint } from '../plugins/endpoint-route';
import { findNotificationSettings, upsertNotificationSettings } from '../repositories/notification-settings-repository';
import type { RouteDeps } from './route-deps';

/** Per-user e-mail preferences; the mail code paths consult them (services/notification-settings-service.ts). */
export async function notificationSettingsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  registerEndpoint(app, ep.getNotificationSettings, async ({ request, params }) =>
    findNotificationSettings(deps.db, requireSelf(request, params.userId).userId),
  );

  registerEndpoint(app, ep.updateNotificationSettings, async ({ request, params, body }) => {
    const { userId } = requireSelf(request, params.userId);
    await upsertNotificationSettings(deps.db, userId, body);
    return findNotificationSettings(deps.db, userId);
  });
}
