import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { listOutbox } from '../../repositories/outbox-repository';

/**
 * The demo's mailbox: lets the operator trying the portal read the codes it "sent". Registered only
 * in demo mode without SMTP, so it does not exist (404) on a real installation. Even then it holds
 * every user's sign-in and reset codes, so only a signed-in ADMIN may read it (its descriptor's access).
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  if (!deps.devOutbox) return;
  registerEndpoint(app, ep.getDemoOutbox, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return listOutbox(deps.db, 50);
  });
}
