import { callEndpoint } from './call-endpoint';
import { usageEndpoints as ep } from './endpoints/usage-endpoints';
import type { UsageQueryInput, UsageReportFormat, UsageReportListQueryInput } from './usage';

// The usage feed and monthly usage reports (issue 22). Each call resolves with the success body or
// `{ errorMessage }` (see @portal/request).

export const listUsage = (query: UsageQueryInput) => callEndpoint(ep.listUsage, { query });

export const listUsageCustomers = () => callEndpoint(ep.listUsageCustomers, {});

export const listUsageReports = (query: UsageReportListQueryInput) => callEndpoint(ep.listUsageReports, { query });

export const getUsageReportDownloadLink = (reportId: string, format: UsageReportFormat) =>
  callEndpoint(ep.getUsageReportDownloadLink, { params: { reportId }, query: { format } });
