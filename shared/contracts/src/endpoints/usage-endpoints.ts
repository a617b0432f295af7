import { defineEndpoints, sessionAccess, withApiKeys } from '../endpoint';
import { downloadLinkSchema } from '../backup';
import {
  usageCustomerListSchema,
  usageListSchema,
  usageQuerySchema,
  usageReportDownloadQuerySchema,
  usageReportIdParamsSchema,
  usageReportLinkQuerySchema,
  usageReportListQuerySchema,
  usageReportPageSchema,
} from '../usage';

const tag = 'Usage';
// Every role reads the usage of its own subtree; a PSA tool reads it with a (read-only) API key.
const sessionOrKey = withApiKeys(sessionAccess);
// The browser opens the file itself: the signed link's token is the permission.
const signedLink = { kind: 'public' } as const;

/** The counting rules, as infra/api/README.md ("Usage feed") states them in full. */
export const USAGE_COUNTING_RULES =
  'Figures per customer organisation and UTC day, from the backup catalog as of the day\'s last pass. ' +
  'A protected user is a user in the current scope of any of the organisation\'s backup sets, counted once however many sets or services protect it. ' +
  'licensedMailboxes: protected users whose mailbox (mail, calendar or contacts) is backed up and who hold a licence; ' +
  'sharedMailboxes: the same without a licence (shared mailboxes), not billed; ' +
  'oneDriveAccounts: protected users whose OneDrive is backed up (also counted in seats when licensed, never twice); ' +
  'sites: SharePoint sites in scope; seats: licensed protected users (each once) plus sites. ' +
  'Teams and groups are no seats: their content counts in items and storage. A user whose licence the directory has not reported counts as licensed. ' +
  'items: catalog items (not folders) in their current version; protectedBytes: their size at the source; storedBytes: what the backup store holds for the organisation (every version, after compression).';

/** The usage feed (per customer and day) and the monthly usage reports of the caller's subtree. */
export const usageEndpoints = defineEndpoints({
  listUsage: {
    method: 'GET', path: '/api/usage', tag, access: sessionOrKey,
    summary: "Daily usage of the caller's customer organisations (or one, with customerId), for PSA billing sync",
    description: `${USAGE_COUNTING_RULES} Today's figures are brought up to date when the range includes today. Another tenant's customerId answers 404.`,
    query: usageQuerySchema, response: { status: 200, schema: usageListSchema },
  },
  listUsageCustomers: {
    method: 'GET', path: '/api/usage/customers', tag, access: sessionOrKey,
    summary: "The customer organisations whose usage the caller may read",
    response: { status: 200, schema: usageCustomerListSchema },
  },
  listUsageReports: {
    method: 'GET', path: '/api/usage/reports', tag, access: sessionOrKey,
    summary: "Monthly usage reports of the caller's customer organisations, newest month first",
    description: 'A report is made on the first day of each month from the previous month\'s daily figures, kept for download and mailed once to the users whose notification settings have monthly usage reports on.',
    query: usageReportListQuerySchema, response: { status: 200, schema: usageReportPageSchema },
  },
  getUsageReportDownloadLink: {
    method: 'GET', path: '/api/usage/reports/:reportId/download-link', tag, access: sessionOrKey,
    summary: "A short-lived signed link to a monthly usage report's CSV or PDF",
    params: usageReportIdParamsSchema, query: usageReportLinkQuerySchema, response: { status: 200, schema: downloadLinkSchema },
  },
  downloadUsageReport: {
    method: 'GET', path: '/api/usage/reports/:reportId/download', tag, access: signedLink,
    summary: "A monthly usage report's CSV or PDF, for a signed link's token",
    params: usageReportIdParamsSchema, query: usageReportDownloadQuerySchema,
    response: { status: 200, schema: { contentType: 'text/csv', description: 'The report as CSV (text/csv) or PDF (application/pdf), as an attachment' } },
  },
});
