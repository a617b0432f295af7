import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { changeAlert, listAlerts } from '../../services/alerts-service';
import { audited } from '../audit-request';

/** /alerts: every role sees and handles the alerts of its subtree; platform alerts are the provider's. */
export async function alertsRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.listAlerts, async ({ auth, query }) => listAlerts(deps.db, auth, query));

  registerEndpoint(app, ep.acknowledgeAlert, async ({ auth, request, params }) =>
    audited(deps.db, request, changeAlert(deps.db, auth, params.id, 'acknowledge'), (alert) => ({
      action: 'alert.acknowledged',
      target: alert.message.slice(0, 200),
      detail: { alertId: alert.id, source: alert.source },
    })),
  );

  registerEndpoint(app, ep.resolveAlert, async ({ auth, request, params }) =>
    audited(deps.db, request, changeAlert(deps.db, auth, params.id, 'resolve'), (alert) => ({
      action: 'alert.resolved',
      target: alert.message.slice(0, 200),
      detail: { alertId: alert.id, source: alert.source },
    })),
  );
}
