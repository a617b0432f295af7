import type { Db } from '@portal/db';
import { recordAudit, type AuditEvent } from './audit-service';

/**
 * Platform actions (remote deploys and rollbacks, also from the CLI without a signed-in user)
 * belong to the root organisation: only the provider sees them. Best effort like sign-in
 * auditing: the registry change has already happened and must not be reported as failed.
 */
export async function auditPlatformEvent(
  db: Db,
  event: Omit<AuditEvent, 'organisationId'>,
  log?: { error: (obj: unknown, msg: string) => void },
): Promise<void> {
  try {
    const { rows } = await db.query<{ id: string }>('select id from organisations where parent_id is null order by created_at limit 1');
    if (!rows[0]) return;
    await recordAudit(db, { ...event, organisationId: rows[0].id });
  } catch (error) {
    log?.error({ err: error }, 'audit append failed');
  }
}
