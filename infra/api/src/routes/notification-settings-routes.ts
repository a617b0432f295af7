import { notificationSettingsSchema, userIdParamsSchema, type NotificationSettings, type UserIdParams } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { findNotificationSettings, upsertNotificationSettings } from '../repositories/notification-settings-repository';
import type { RouteDeps } from './route-deps';

/** Per-user e-mail preferences; the mail code paths consult them (services/notification-settings-service.ts). */
export async function notificationSettingsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get<{ Params: UserIdParams }>(
    '/api/users/:userId/notification-settings',
    { schema: { params: userIdParamsSchema, response: { 200: notificationSettingsSchema } }, preHandler: deps.authenticate },
    async (request) => findNotificationSettings(deps.db, requireSelf(request, request.params.userId).userId),
  );

  app.put<{ Params: UserIdParams; Body: NotificationSettings }>(
    '/api/users/:userId/notification-settings',
    {
      schema: { params: userIdParamsSchema, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } },
      preHandler: deps.authenticate,
    },
    async (request) => {
      const { userId } = requireSelf(request, request.params.userId);
      await upsertNotificationSettings(deps.db, userId, request.body);
      return findNotificationSettings(deps.db, userId);
    },
  );
}
