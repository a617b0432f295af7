import { usageEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { checkDownload, signDownload } from '../../services/backup-service';
import { notFound } from '../../services/errors';
import { findUsageReport } from '../../repositories/usage-reports-repository';
import { listReports, listUsage, listUsageCustomers, reportInScope } from '../../services/usage-service';
import { audited } from '../audit-request';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

/** The usage feed (PSA billing sync) and the monthly usage reports of the caller's subtree. */
export async function usageRoutes(app: FastifyInstance): Promise<void> {
  const { db, jwtSecret } = app.services;
  const prefix = app.prefix;
  registerEndpoint(app, ep.listUsage, async ({ auth, query }) => listUsage(db, auth, query));
  registerEndpoint(app, ep.listUsageCustomers, async ({ auth }) => listUsageCustomers(db, auth));
  registerEndpoint(app, ep.listUsageReports, async ({ auth, query }) => listReports(db, auth, query));
  // Audited when a signed-in user (or key) asks for the link: the download itself carries only the signed token.
  registerEndpoint(app, ep.getUsageReportDownloadLink, async ({ auth, params, query, request }) => {
    const report = await reportInScope(db, auth, params.reportId);
    const { token, expiresAt } = signDownload(jwtSecret, 'usage-report', params.reportId);
    const url = `${prefix}/api/usage/reports/${params.reportId}/download?format=${query.format}&token=${encodeURIComponent(token)}`;
    return audited(db, request, Promise.resolve({ url, expiresAt }), () => ({
      action: 'usage_report.downloaded',
      target: `${report.organisationName} ${report.month}`,
      detail: { reportId: params.reportId, format: query.format },
    }));
  });
  // The signed token is the permission here: a browser opens this URL directly.
  registerEndpoint(app, ep.downloadUsageReport, async ({ params, query, reply }) => {
    if (!checkDownload(jwtSecret, 'usage-report', params.reportId, query.token)) throw notFound();
    const report = await findUsageReport(db, params.reportId);
    if (!report) throw notFound();
    const fileName = `usage-${report.month}-${report.organisationId.slice(0, 8)}.${query.format}`;
    return reply
      .header('content-type', CONTENT_TYPES[query.format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(query.format === 'csv' ? report.csv : report.pdf);
  });
}
