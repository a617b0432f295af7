import { backupEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import type { BackupDeps } from '../../services/backup-service';
import * as jobs from '../../services/job-service';
import { audited } from '../audit-request';

/** Jobs of the caller's organisation: list, detail, log, cancel, retry and a restore's ZIP download. */
export async function jobRoutes(app: FastifyInstance, svc: BackupDeps, prefix: string): Promise<void> {
  registerEndpoint(app, ep.listJobs, async ({ auth, query }) => jobs.listJobs(svc, auth, query));
  registerEndpoint(app, ep.getJob, async ({ auth, params }) => jobs.getJob(svc, auth, params.jobId));
  registerEndpoint(app, ep.getJobLog, async ({ auth, params, query }) => jobs.jobLog(svc, auth, params.jobId, query.after, query.limit));
  registerEndpoint(app, ep.cancelJob, async ({ auth, params }) => jobs.cancelJob(svc, auth, params.jobId));
  registerEndpoint(app, ep.retryJob, async ({ auth, params }) => jobs.retryJob(svc, auth, params.jobId));
  // Audited when a signed-in user asks for the link: the download itself carries only the signed token.
  registerEndpoint(app, ep.getJobDownloadLink, async ({ auth, params, request }) => {
    const job = await jobs.getJob(svc, auth, params.jobId);
    return audited(svc.db, request, jobs.jobDownloadLink(svc, auth, job.id, prefix), () => ({ action: 'restore.downloaded', target: job.setName ?? job.title, detail: { jobId: job.id } }));
  });
  // The signed token is the permission here: a browser opens this URL directly.
  registerEndpoint(app, ep.downloadJob, async ({ params, query, reply }) => {
    const { stream, fileName } = await jobs.jobDownload(svc, params.jobId, query.token);
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
  });
}
