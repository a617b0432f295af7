import { authStore } from '@portal/auth-bridge';
import { callRoute } from '@portal/contracts/call-endpoint';
import type { remoteReportEndpoints } from '@portal/contracts/endpoints/remote-report';
import { firstPageRoutes } from '@portal/contracts/endpoints/first-page';

export type RemoteFailureKind = 'load' | 'render' | 'integrity';

/** Tells the API (which raises an operator alert) that a remote version failed in this browser.
 * Only signed-in users can report; a report that fails is just logged. */
export async function reportRemoteFailure(remote: string, version: string, kind: RemoteFailureKind, message: string): Promise<void> {
  if (!version || !authStore.getState().isLoggedIn) return;
  try {
    await callRoute<(typeof remoteReportEndpoints)['reportRemoteFailure']>(firstPageRoutes.reportRemoteFailure, {
      params: { name: remote },
      body: { version, kind, message: message.slice(0, 2000) },
    });
  } catch (error) {
    console.error('Remote failure could not be reported', error);
  }
}
