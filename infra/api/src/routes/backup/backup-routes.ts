import { backupEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import * as backup from '../../services/backup-service';
import { getJob } from '../../services/job-service';
import * as restore from '../../services/restore-service';
import { audited } from '../audit-request';
import { jobRoutes } from './job-routes';

/**
 * Backup service routes: tenants, sets, objects, snapshots, items, restores, mappings and
 * (in job-routes) jobs. Backups are managed by customers (spec section 6: Backup, Restore, Jobs are
 * CUSTOMER and DIRECTCUSTOMER); every query is scoped to the caller's organisation from the verified
 * token, so another organisation's ids answer 404.
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const svc: backup.BackupDeps = { db: deps.db, engine: deps.engine, linkSecret: deps.jwtSecret, consentAvailable: deps.consentApp !== undefined };
  const prefix = app.prefix;

  // Tenants
  registerEndpoint(app, ep.listTenants, async ({ auth }) => backup.listTenants(svc, auth));
  registerEndpoint(app, ep.connectTenant, async ({ auth, body, request }) =>
    audited(deps.db, request, backup.connectTenant(svc, auth, body), (t) => ({ action: 'tenant.connected', target: t.name, detail: { tenantId: t.tenantId } })),
  );
  registerEndpoint(app, ep.testTenantCredentials, async ({ body }) => backup.testCredentials(svc, body));
  registerEndpoint(app, ep.getTenant, async ({ auth, params }) => backup.getTenant(svc, auth, params.tenantId));
  // Field names only: a new client secret is never written to the log.
  registerEndpoint(app, ep.updateTenant, async ({ auth, params, body, request }) =>
    audited(deps.db, request, backup.updateTenant(svc, auth, params.tenantId, body), (t) => ({ action: 'tenant.updated', target: t.name, detail: { fields: Object.keys(body) } })),
  );
  registerEndpoint(app, ep.deleteTenant, async ({ auth, params, request }) => {
    const tenant = await backup.getTenant(svc, auth, params.tenantId);
    return audited(deps.db, request, backup.deleteTenant(svc, auth, tenant.id), () => ({ action: 'tenant.deleted', target: tenant.name }));
  });
  registerEndpoint(app, ep.testTenantConnection, async ({ auth, params }) => backup.testTenant(svc, auth, params.tenantId));
  registerEndpoint(app, ep.listTenantDirectory, async ({ auth, params, query }) => backup.directory(svc, auth, params.tenantId, query));

  // Backup sets
  registerEndpoint(app, ep.listBackupSets, async ({ auth, query }) => backup.listSets(svc, auth, query));
  registerEndpoint(app, ep.createBackupSet, async ({ auth, body, request }) =>
    audited(deps.db, request, backup.createSet(svc, auth, body), (s) => ({ action: 'backup_set.created', target: s.name, detail: { tenant: s.tenantName } })),
  );
  registerEndpoint(app, ep.getBackupSet, async ({ auth, params }) => backup.getSet(svc, auth, params.setId));
  registerEndpoint(app, ep.updateBackupSet, async ({ auth, params, body, request }) =>
    audited(deps.db, request, backup.updateSet(svc, auth, params.setId, body), (s) => ({ action: 'backup_set.updated', target: s.name, detail: { fields: Object.keys(body) } })),
  );
  registerEndpoint(app, ep.deleteBackupSet, async ({ auth, params, request }) => {
    const set = await backup.getSet(svc, auth, params.setId);
    return audited(deps.db, request, backup.deleteSet(svc, auth, set.id), () => ({ action: 'backup_set.deleted', target: set.name, detail: { tenant: set.tenantName } }));
  });
  registerEndpoint(app, ep.pauseBackupSet, async ({ auth, params, request }) =>
    audited(deps.db, request, backup.setPaused(svc, auth, params.setId, true), (s) => ({ action: 'backup_set.updated', target: s.name, detail: { paused: true } })),
  );
  registerEndpoint(app, ep.resumeBackupSet, async ({ auth, params, request }) =>
    audited(deps.db, request, backup.setPaused(svc, auth, params.setId, false), (s) => ({ action: 'backup_set.updated', target: s.name, detail: { paused: false } })),
  );
  registerEndpoint(app, ep.runBackupSet, async ({ auth, params, request }) => {
    const job = await backup.runSetNow(svc, auth, params.setId);
    return audited(deps.db, request, getJob(svc, auth, job.id), (j) => ({ action: 'backup.started', target: j.setName, detail: { jobId: j.id } }));
  });

  // Protected objects, snapshots, tree, items
  registerEndpoint(app, ep.listProtectedObjects, async ({ auth, params, query }) => backup.listObjects(svc, auth, params.setId, query));
  registerEndpoint(app, ep.getProtectedObject, async ({ auth, params }) => backup.getObject(svc, auth, params.setId, params.objectId));
  registerEndpoint(app, ep.listSnapshots, async ({ auth, params }) => backup.listSnapshots(svc, auth, params.setId, params.objectId));
  registerEndpoint(app, ep.getSnapshotTree, async ({ auth, params, query }) => backup.snapshotTree(svc, auth, params.snapshotId, query.parent));
  registerEndpoint(app, ep.searchItems, async ({ auth, params, query }) => backup.searchItems(svc, auth, params.setId, query));
  registerEndpoint(app, ep.getItemPreview, async ({ auth, params, request }) =>
    audited(deps.db, request, backup.itemPreview(svc, auth, params.itemId), (item) => ({
      action: 'item.previewed',
      target: item.name,
      detail: { itemId: item.id, object: item.objectName, service: item.service },
    })),
  );
  // The link is what a signed-in user asks for; the download itself carries only the signed token.
  registerEndpoint(app, ep.getItemDownloadLink, async ({ auth, params, request }) =>
    audited(deps.db, request, backup.itemDownloadLink(svc, auth, params.itemId, prefix), () => ({ action: 'item.downloaded', target: params.itemId })),
  );
  // The signed token is the permission here: a browser opens this URL directly.
  registerEndpoint(app, ep.downloadItem, async ({ params, query, reply }) => {
    const file = await backup.itemDownload(svc, params.itemId, query.token);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });

  // Restores and snapshot mappings
  registerEndpoint(app, ep.createRestore, async ({ auth, body, request }) =>
    audited(deps.db, request, restore.createRestore(svc, auth, body), (j) => ({
      action: 'restore.started',
      target: j.setName ?? j.title,
      detail: { jobId: j.id, destination: body.destination.kind },
    })),
  );
  registerEndpoint(app, ep.listMappings, async ({ auth }) => restore.listMappings(svc, auth));
  registerEndpoint(app, ep.createMapping, async ({ auth, body }) => restore.createMapping(svc, auth, body));
  registerEndpoint(app, ep.getMapping, async ({ auth, params }) => restore.getMapping(svc, auth, params.mappingId));
  registerEndpoint(app, ep.updateMapping, async ({ auth, params, body }) => restore.updateMapping(svc, auth, params.mappingId, body));
  registerEndpoint(app, ep.deleteMapping, async ({ auth, params }) => restore.deleteMapping(svc, auth, params.mappingId));
  registerEndpoint(app, ep.validateMapping, async ({ auth, params }) => restore.validateMapping(svc, auth, params.mappingId));
  registerEndpoint(app, ep.startMapping, async ({ auth, params, body, request }) =>
    audited(deps.db, request, restore.startMapping(svc, auth, params.mappingId, body ?? {}), (j) => ({
      action: 'restore.started',
      target: j.setName ?? j.title,
      detail: { jobId: j.id, mappingId: params.mappingId },
    })),
  );

  await jobRoutes(app, svc, prefix);
}
