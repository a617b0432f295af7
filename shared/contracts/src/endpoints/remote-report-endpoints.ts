import { defineEndpoints } from '../endpoint';
import { firstPageRoutes } from './first-page-routes';
import { remoteLoadRequestSchema, remoteLoadResponseSchema } from '../admin-ops-health';
import { remoteFailureRequestSchema, remoteFailureResponseSchema, remoteNameParamsSchema } from '../remotes';

export const REMOTES_TAG = 'Remotes';
const remotes = REMOTES_TAG;

// Part of the admin area (adminEndpoints spreads them in); the host reports every remote load and
// failure from its first page, so it imports these two alone instead of the whole area's schemas.
export const remoteReportEndpoints = defineEndpoints({
  reportRemoteFailure: {
    ...firstPageRoutes.reportRemoteFailure, tag: remotes,
    summary: "Report that a recorded remote version failed in the caller's browser (raises an operator alert)",
    params: remoteNameParamsSchema, body: remoteFailureRequestSchema, openInMaintenance: true, response: { status: 200, schema: remoteFailureResponseSchema },
  },
  reportRemoteLoad: {
    ...firstPageRoutes.reportRemoteLoad, tag: remotes,
    summary: "Report that a published remote version's module loaded in the caller's browser, and how long it took",
    params: remoteNameParamsSchema, body: remoteLoadRequestSchema, openInMaintenance: true, response: { status: 200, schema: remoteLoadResponseSchema },
  },
});
