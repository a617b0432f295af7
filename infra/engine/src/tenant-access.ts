import { GraphError } from '@portal/graph-connector';
import type { EngineQueryable } from './ports';

// What a failed token request or Graph call says about the app's access to a backup tenant. Losing
// consent (or valid credentials) is not a passing fault: every later call fails the same way until an
// administrator of the tenant acts, so it marks the tenant and raises an alert (migration 091's trigger).

/** Token-endpoint errors that mean the app registration cannot get a token for this tenant any more. */
const LOST_APP_ERRORS = new Set(['invalid_client', 'unauthorized_client']);
/** Graph's answer when the token carries no (or too few) application permissions. */
const PERMISSION_DENIED = 'Authorization_RequestDenied';

function codeAndText(error: unknown): { status?: number; code: string; text: string } {
  if (error instanceof GraphError) return { status: error.status, code: error.code, text: error.message };
  if (typeof error === 'string') {
    // The connector's testConnection flattens a failure into "<code>: <message>".
    const match = /^([A-Za-z_]+): /.exec(error);
    return { code: match?.[1] ?? '', text: error };
  }
  if (error instanceof Error) return error.cause !== undefined && error.cause !== error ? codeAndText(error.cause) : { code: '', text: error.message };
  return { code: '', text: '' };
}

/**
 * 'consent' when the error means the app lost admin consent or its credentials are invalid:
 * AADSTS65001 (consent missing), invalid_client (bad or expired secret), unauthorized_client (app not
 * in the directory), or Graph's 401/403 Authorization_RequestDenied. Anything else (throttling,
 * outages, a missing item) is null: a passing fault the job log already covers.
 */
export function classifyTenantAccessError(error: unknown): 'consent' | null {
  const { status, code, text } = codeAndText(error);
  if (/\bAADSTS65001\b/.test(text)) return 'consent';
  if (LOST_APP_ERRORS.has(code)) return 'consent';
  if (code === PERMISSION_DENIED && (status === undefined || status === 401 || status === 403)) return 'consent';
  return null;
}

/** The text stored on the tenant and put into the alert: what happened, what to do, and Entra ID's words. */
export function describeConsentProblem(error: unknown): string {
  const { code, text } = codeAndText(error);
  const detail = (text.startsWith(`${code}: `) || !code ? text : `${code}: ${text}`).slice(0, 300);
  return `The app has lost admin consent or its credentials are no longer valid. Grant admin consent again in Entra ID or update the client secret, then test the connection. (${detail})`;
}

/**
 * Records what a backup run learned about its tenant's access: a consent error marks the tenant
 * (status error, readable message, consent_lost); a finished run clears an earlier mark. Other errors
 * change nothing here.
 */
export async function recordBackupAccess(db: EngineQueryable, setId: string, error: unknown | null): Promise<void> {
  if (error === null) {
    await db.query(
      `update backup_tenants set consent_lost = false, status = 'connected', last_error = null
        where id = (select tenant_id from backup_sets where id = $1) and consent_lost`,
      [setId],
    );
    return;
  }
  if (classifyTenantAccessError(error) !== 'consent') return;
  await db.query(
    `update backup_tenants set consent_lost = true, status = 'error', last_error = $2 where id = (select tenant_id from backup_sets where id = $1)`,
    [setId, describeConsentProblem(error)],
  );
}
