import {
  downloadLinkSchema,
  downloadQuerySchema,
  jobIdParamsSchema,
  jobListQuerySchema,
  jobLogQuerySchema,
  jobLogSchema,
  jobPageSchema,
  jobSchema,
  type DownloadQuery,
  type JobIdParams,
  type JobListQuery,
  type JobLogQuery,
} from '@portal/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { requireAuth } from '../plugins/auth';
import type { BackupDeps } from '../services/backup-service';
import * as jobs from '../services/job-service';
import { audited } from './audit-request';

/** Jobs of the caller's organisation: list, detail, log, cancel, retry and a restore's ZIP download. */
export async function jobRoutes(app: FastifyInstance, svc: BackupDeps, preHandler: preHandlerAsyncHookHandler[], prefix: string): Promise<void> {
  app.get<{ Querystring: JobListQuery }>(
    '/api/jobs',
    { schema: { querystring: jobListQuerySchema, response: { 200: jobPageSchema } }, preHandler },
    async (request) => jobs.listJobs(svc, requireAuth(request), request.query),
  );
  app.get<{ Params: JobIdParams }>(
    '/api/jobs/:jobId',
    { schema: { params: jobIdParamsSchema, response: { 200: jobSchema } }, preHandler },
    async (request) => jobs.getJob(svc, requireAuth(request), request.params.jobId),
  );
  app.get<{ Params: JobIdParams; Querystring: JobLogQuery }>(
    '/api/jobs/:jobId/log',
    { schema: { params: jobIdParamsSchema, querystring: jobLogQuerySchema, response: { 200: jobLogSchema } }, preHandler },
    async (request) => jobs.jobLog(svc, requireAuth(request), request.params.jobId, request.query.after, request.query.limit),
  );
  app.post<{ Params: JobIdParams }>(
    '/api/jobs/:jobId/cancel',
    { schema: { params: jobIdParamsSchema, response: { 200: jobSchema } }, preHandler },
    async (request) => jobs.cancelJob(svc, requireAuth(request), request.params.jobId),
  );
  app.post<{ Params: JobIdParams }>(
    '/api/jobs/:jobId/retry',
    { schema: { params: jobIdParamsSchema, response: { 202: jobSchema } }, preHandler },
    async (request, reply) => reply.code(202).send(await jobs.retryJob(svc, requireAuth(request), request.params.jobId)),
  );
  app.get<{ Params: JobIdParams }>(
    '/api/jobs/:jobId/download-link',
    { schema: { params: jobIdParamsSchema, response: { 200: downloadLinkSchema } }, preHandler },
    // Audited when a signed-in user asks for the link: the download itself carries only the signed token.
    async (request) => {
      const auth = requireAuth(request);
      const job = await jobs.getJob(svc, auth, request.params.jobId);
      return audited(svc.db, request, jobs.jobDownloadLink(svc, auth, job.id, prefix), () => ({ action: 'restore.downloaded', target: job.setName ?? job.title, detail: { jobId: job.id } }));
    },
  );
  // The signed token is the permission here: a browser opens this URL directly.
  app.get<{ Params: JobIdParams; Querystring: DownloadQuery }>(
    '/api/jobs/:jobId/download',
    { schema: { params: jobIdParamsSchema, querystring: downloadQuerySchema } },
    async (request, reply) => {
      const { stream, fileName } = await jobs.jobDownload(svc, request.params.jobId, request.query.token);
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
    },
  );
}
