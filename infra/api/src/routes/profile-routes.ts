import { profileSchema, userIdParamsSchema, type UserIdParams } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { findProfile } from '../repositories/users-repository';
import { notFound } from '../services/errors';
import type { RouteDeps } from './route-deps';

export async function profileRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get<{ Params: UserIdParams }>(
    '/api/users/:userId/profile',
    { schema: { params: userIdParamsSchema, response: { 200: profileSchema } }, preHandler: deps.authenticate },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      const profile = await findProfile(deps.db, auth.userId);
      if (!profile) throw notFound();
      return profile;
    },
  );
}
