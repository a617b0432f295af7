import {
  backupMessageSchema,
  backupSetListQuerySchema,
  backupSetPageSchema,
  backupSetSchema,
  connectionTestResultSchema,
  connectTenantRequestSchema,
  createBackupSetRequestSchema,
  createRestoreRequestSchema,
  directoryListSchema,
  directoryQuerySchema,
  downloadLinkSchema,
  downloadQuerySchema,
  itemIdParamsSchema,
  itemPageSchema,
  itemPreviewSchema,
  itemSearchQuerySchema,
  jobSchema,
  mappingIdParamsSchema,
  mappingListSchema,
  mappingValidationSchema,
  objectListQuerySchema,
  objectParamsSchema,
  protectedObjectPageSchema,
  protectedObjectSchema,
  saveMappingRequestSchema,
  setIdParamsSchema,
  snapshotIdParamsSchema,
  snapshotListSchema,
  snapshotMappingSchema,
  startMappingRequestSchema,
  tenantIdParamsSchema,
  tenantListSchema,
  tenantSchema,
  treeListSchema,
  treeQuerySchema,
  updateBackupSetRequestSchema,
  updateTenantRequestSchema,
  type BackupSetListQuery,
  type ConnectTenantRequest,
  type CreateBackupSetRequest,
  type CreateRestoreRequest,
  type DirectoryQuery,
  type DownloadQuery,
  type ItemIdParams,
  type ItemSearchQuery,
  type MappingIdParams,
  type ObjectListQuery,
  type ObjectParams,
  type SaveMappingRequest,
  type SetIdParams,
  type SnapshotIdParams,
  type StartMappingRequest,
  type TenantIdParams,
  type TreeQuery,
  type UpdateBackupSetRequest,
  type UpdateTenantRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireRole } from '../plugins/auth';
import type { Engine } from '@portal/engine';
import { openBackupEngine, type BackupApiOptions } from '../services/backup-engine';
import * as backup from '../services/backup-service';
import { getJob } from '../services/job-service';
import * as restore from '../services/restore-service';
import { seedDemoBackups } from '../seed/seed-demo-backups';
import { audited } from './audit-request';
import { jobRoutes } from './job-routes';
import type { RouteDeps } from './route-deps';

/**
 * Backup service routes (issue 8): tenants, sets, objects, snapshots, items, restores, mappings and
 * (in job-routes) jobs. Backups are managed by customers (spec section 6: Backup, Restore, Jobs are
 * CUSTOMER and DIRECTCUSTOMER); every query is scoped to the caller's organisation from the verified
 * token, so another organisation's ids answer 404.
 */
export async function backupRoutes(app: FastifyInstance, deps: RouteDeps, options: BackupApiOptions = {}): Promise<Engine> {
  const { engine, close } = await openBackupEngine(deps.db, options, (message, error) => app.log.warn({ err: error }, message));
  let stopDemo: (() => Promise<void>) | null = null;
  app.addHook('onClose', async () => {
    await close();
    await stopDemo?.();
  });
  const svc: backup.BackupDeps = { db: deps.db, engine, linkSecret: deps.jwtSecret };
  const preHandler = [deps.authenticate, requireRole('CUSTOMER', 'DIRECTCUSTOMER')];
  const prefix = app.prefix;

  if (options.demo) {
    try {
      stopDemo = await seedDemoBackups(svc, { size: options.demoSize, log: (message) => app.log.info(message) });
    } catch (error) {
      // The portal must come up even when the demo tenant cannot (a port clash, say).
      app.log.error({ err: error }, 'demo backup tenant could not be started');
    }
  }

  // Tenants
  app.get('/api/backup/tenants', { schema: { response: { 200: tenantListSchema } }, preHandler }, async (request) => backup.listTenants(svc, requireAuth(request)));
  app.post<{ Body: ConnectTenantRequest }>(
    '/api/backup/tenants',
    { schema: { body: connectTenantRequestSchema, response: { 201: tenantSchema } }, preHandler },
    async (request, reply) =>
      reply.code(201).send(
        await audited(deps.db, request, backup.connectTenant(svc, requireAuth(request), request.body), (t) => ({ action: 'tenant.connected', target: t.name, detail: { tenantId: t.tenantId } })),
      ),
  );
  app.post<{ Body: ConnectTenantRequest }>(
    '/api/backup/tenants/test',
    { schema: { body: connectTenantRequestSchema, response: { 200: connectionTestResultSchema } }, preHandler },
    async (request) => backup.testCredentials(svc, request.body),
  );
  app.get<{ Params: TenantIdParams }>(
    '/api/backup/tenants/:tenantId',
    { schema: { params: tenantIdParamsSchema, response: { 200: tenantSchema } }, preHandler },
    async (request) => backup.getTenant(svc, requireAuth(request), request.params.tenantId),
  );
  app.patch<{ Params: TenantIdParams; Body: UpdateTenantRequest }>(
    '/api/backup/tenants/:tenantId',
    { schema: { params: tenantIdParamsSchema, body: updateTenantRequestSchema, response: { 200: tenantSchema } }, preHandler },
    // Field names only: a new client secret is never written to the log.
    async (request) =>
      audited(deps.db, request, backup.updateTenant(svc, requireAuth(request), request.params.tenantId, request.body), (t) => ({
        action: 'tenant.updated',
        target: t.name,
        detail: { fields: Object.keys(request.body) },
      })),
  );
  app.delete<{ Params: TenantIdParams }>(
    '/api/backup/tenants/:tenantId',
    { schema: { params: tenantIdParamsSchema, response: { 200: backupMessageSchema } }, preHandler },
    async (request) => {
      const auth = requireAuth(request);
      const tenant = await backup.getTenant(svc, auth, request.params.tenantId);
      return audited(deps.db, request, backup.deleteTenant(svc, auth, tenant.id), () => ({ action: 'tenant.deleted', target: tenant.name }));
    },
  );
  app.post<{ Params: TenantIdParams }>(
    '/api/backup/tenants/:tenantId/test',
    { schema: { params: tenantIdParamsSchema, response: { 200: connectionTestResultSchema } }, preHandler },
    async (request) => backup.testTenant(svc, requireAuth(request), request.params.tenantId),
  );
  app.get<{ Params: TenantIdParams; Querystring: DirectoryQuery }>(
    '/api/backup/tenants/:tenantId/directory',
    { schema: { params: tenantIdParamsSchema, querystring: directoryQuerySchema, response: { 200: directoryListSchema } }, preHandler },
    async (request) => backup.directory(svc, requireAuth(request), request.params.tenantId, request.query),
  );

  // Backup sets
  app.get<{ Querystring: BackupSetListQuery }>(
    '/api/backup/sets',
    { schema: { querystring: backupSetListQuerySchema, response: { 200: backupSetPageSchema } }, preHandler },
    async (request) => backup.listSets(svc, requireAuth(request), request.query),
  );
  app.post<{ Body: CreateBackupSetRequest }>(
    '/api/backup/sets',
    { schema: { body: createBackupSetRequestSchema, response: { 201: backupSetSchema } }, preHandler },
    async (request, reply) =>
      reply.code(201).send(
        await audited(deps.db, request, backup.createSet(svc, requireAuth(request), request.body), (s) => ({ action: 'backup_set.created', target: s.name, detail: { tenant: s.tenantName } })),
      ),
  );
  app.get<{ Params: SetIdParams }>(
    '/api/backup/sets/:setId',
    { schema: { params: setIdParamsSchema, response: { 200: backupSetSchema } }, preHandler },
    async (request) => backup.getSet(svc, requireAuth(request), request.params.setId),
  );
  app.patch<{ Params: SetIdParams; Body: UpdateBackupSetRequest }>(
    '/api/backup/sets/:setId',
    { schema: { params: setIdParamsSchema, body: updateBackupSetRequestSchema, response: { 200: backupSetSchema } }, preHandler },
    async (request) =>
      audited(deps.db, request, backup.updateSet(svc, requireAuth(request), request.params.setId, request.body), (s) => ({
        action: 'backup_set.updated',
        target: s.name,
        detail: { fields: Object.keys(request.body) },
      })),
  );
  app.delete<{ Params: SetIdParams }>(
    '/api/backup/sets/:setId',
    { schema: { params: setIdParamsSchema, response: { 200: backupMessageSchema } }, preHandler },
    async (request) => {
      const auth = requireAuth(request);
      const set = await backup.getSet(svc, auth, request.params.setId);
      return audited(deps.db, request, backup.deleteSet(svc, auth, set.id), () => ({ action: 'backup_set.deleted', target: set.name, detail: { tenant: set.tenantName } }));
    },
  );
  app.post<{ Params: SetIdParams }>(
    '/api/backup/sets/:setId/pause',
    { schema: { params: setIdParamsSchema, response: { 200: backupSetSchema } }, preHandler },
    async (request) =>
      audited(deps.db, request, backup.setPaused(svc, requireAuth(request), request.params.setId, true), (s) => ({ action: 'backup_set.updated', target: s.name, detail: { paused: true } })),
  );
  app.post<{ Params: SetIdParams }>(
    '/api/backup/sets/:setId/resume',
    { schema: { params: setIdParamsSchema, response: { 200: backupSetSchema } }, preHandler },
    async (request) =>
      audited(deps.db, request, backup.setPaused(svc, requireAuth(request), request.params.setId, false), (s) => ({ action: 'backup_set.updated', target: s.name, detail: { paused: false } })),
  );
  app.post<{ Params: SetIdParams }>(
    '/api/backup/sets/:setId/run',
    { schema: { params: setIdParamsSchema, response: { 202: jobSchema } }, preHandler },
    async (request, reply) => {
      const auth = requireAuth(request);
      const job = await backup.runSetNow(svc, auth, request.params.setId);
      return reply.code(202).send(await audited(deps.db, request, getJob(svc, auth, job.id), (j) => ({ action: 'backup.started', target: j.setName, detail: { jobId: j.id } })));
    },
  );

  // Protected objects, snapshots, tree, items
  app.get<{ Params: SetIdParams; Querystring: ObjectListQuery }>(
    '/api/backup/sets/:setId/objects',
    { schema: { params: setIdParamsSchema, querystring: objectListQuerySchema, response: { 200: protectedObjectPageSchema } }, preHandler },
    async (request) => backup.listObjects(svc, requireAuth(request), request.params.setId, request.query),
  );
  app.get<{ Params: ObjectParams }>(
    '/api/backup/sets/:setId/objects/:objectId',
    { schema: { params: objectParamsSchema, response: { 200: protectedObjectSchema } }, preHandler },
    async (request) => backup.getObject(svc, requireAuth(request), request.params.setId, request.params.objectId),
  );
  app.get<{ Params: ObjectParams }>(
    '/api/backup/sets/:setId/objects/:objectId/snapshots',
    { schema: { params: objectParamsSchema, response: { 200: snapshotListSchema } }, preHandler },
    async (request) => backup.listSnapshots(svc, requireAuth(request), request.params.setId, request.params.objectId),
  );
  app.get<{ Params: SnapshotIdParams; Querystring: TreeQuery }>(
    '/api/backup/snapshots/:snapshotId/tree',
    { schema: { params: snapshotIdParamsSchema, querystring: treeQuerySchema, response: { 200: treeListSchema } }, preHandler },
    async (request) => backup.snapshotTree(svc, requireAuth(request), request.params.snapshotId, request.query.parent),
  );
  app.get<{ Params: SetIdParams; Querystring: ItemSearchQuery }>(
    '/api/backup/sets/:setId/items',
    { schema: { params: setIdParamsSchema, querystring: itemSearchQuerySchema, response: { 200: itemPageSchema } }, preHandler },
    async (request) => backup.searchItems(svc, requireAuth(request), request.params.setId, request.query),
  );
  app.get<{ Params: ItemIdParams }>(
    '/api/backup/items/:itemId',
    { schema: { params: itemIdParamsSchema, response: { 200: itemPreviewSchema } }, preHandler },
    async (request) =>
      audited(deps.db, request, backup.itemPreview(svc, requireAuth(request), request.params.itemId), (item) => ({
        action: 'item.previewed',
        target: item.name,
        detail: { itemId: item.id, object: item.objectName, service: item.service },
      })),
  );
  app.get<{ Params: ItemIdParams }>(
    '/api/backup/items/:itemId/download-link',
    { schema: { params: itemIdParamsSchema, response: { 200: downloadLinkSchema } }, preHandler },
    // The link is what a signed-in user asks for; the download itself carries only the signed token.
    async (request) =>
      audited(deps.db, request, backup.itemDownloadLink(svc, requireAuth(request), request.params.itemId, prefix), () => ({
        action: 'item.downloaded',
        target: request.params.itemId,
      })),
  );
  // The signed token is the permission here: a browser opens this URL directly.
  app.get<{ Params: ItemIdParams; Querystring: DownloadQuery }>(
    '/api/backup/items/:itemId/download',
    { schema: { params: itemIdParamsSchema, querystring: downloadQuerySchema } },
    async (request, reply) => {
      const file = await backup.itemDownload(svc, request.params.itemId, request.query.token);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  // Restores and snapshot mappings
  app.post<{ Body: CreateRestoreRequest }>(
    '/api/backup/restores',
    { schema: { body: createRestoreRequestSchema, response: { 202: jobSchema } }, preHandler },
    async (request, reply) =>
      reply.code(202).send(
        await audited(deps.db, request, restore.createRestore(svc, requireAuth(request), request.body), (j) => ({
          action: 'restore.started',
          target: j.setName ?? j.title,
          detail: { jobId: j.id, destination: request.body.destination.kind },
        })),
      ),
  );
  app.get('/api/backup/mappings', { schema: { response: { 200: mappingListSchema } }, preHandler }, async (request) => restore.listMappings(svc, requireAuth(request)));
  app.post<{ Body: SaveMappingRequest }>(
    '/api/backup/mappings',
    { schema: { body: saveMappingRequestSchema, response: { 201: snapshotMappingSchema } }, preHandler },
    async (request, reply) => reply.code(201).send(await restore.createMapping(svc, requireAuth(request), request.body)),
  );
  app.get<{ Params: MappingIdParams }>(
    '/api/backup/mappings/:mappingId',
    { schema: { params: mappingIdParamsSchema, response: { 200: snapshotMappingSchema } }, preHandler },
    async (request) => restore.getMapping(svc, requireAuth(request), request.params.mappingId),
  );
  app.put<{ Params: MappingIdParams; Body: SaveMappingRequest }>(
    '/api/backup/mappings/:mappingId',
    { schema: { params: mappingIdParamsSchema, body: saveMappingRequestSchema, response: { 200: snapshotMappingSchema } }, preHandler },
    async (request) => restore.updateMapping(svc, requireAuth(request), request.params.mappingId, request.body),
  );
  app.delete<{ Params: MappingIdParams }>(
    '/api/backup/mappings/:mappingId',
    { schema: { params: mappingIdParamsSchema, response: { 200: backupMessageSchema } }, preHandler },
    async (request) => restore.deleteMapping(svc, requireAuth(request), request.params.mappingId),
  );
  app.post<{ Params: MappingIdParams }>(
    '/api/backup/mappings/:mappingId/validate',
    { schema: { params: mappingIdParamsSchema, response: { 200: mappingValidationSchema } }, preHandler },
    async (request) => restore.validateMapping(svc, requireAuth(request), request.params.mappingId),
  );
  app.post<{ Params: MappingIdParams; Body: StartMappingRequest }>(
    '/api/backup/mappings/:mappingId/start',
    { schema: { params: mappingIdParamsSchema, body: startMappingRequestSchema, response: { 202: jobSchema } }, preHandler },
    async (request, reply) =>
      reply.code(202).send(
        await audited(deps.db, request, restore.startMapping(svc, requireAuth(request), request.params.mappingId, request.body ?? {}), (j) => ({
          action: 'restore.started',
          target: j.setName ?? j.title,
          detail: { jobId: j.id, mappingId: request.params.mappingId },
        })),
      ),
  );

  await jobRoutes(app, svc, preHandler, prefix);
  // The health and operator routes probe this engine (blob store, queue, tenants' Graph access).
  return engine;
}
