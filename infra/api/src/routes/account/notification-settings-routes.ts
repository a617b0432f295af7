import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { findNotificationSettings, upsertNotificationSettings } from '../../repositories/notification-settings-repository';

/** Per-user e-mail preferences; the mail code paths consult them (services/notification-settings-service.ts). */
export async function notificationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.getNotificationSettings, async ({ auth, request, params }) =>
    findNotificationSettings(deps.db, auth.userId),
  );

  registerEndpoint(app, ep.updateNotificationSettings, async ({ auth, request, params, body }) => {
    const { userId } = auth;
    await upsertNotificationSettings(deps.db, userId, body);
    return findNotificationSettings(deps.db, userId);
  });
}
