import type { FastifyRequest } from 'fastify';
import type { Db } from '@portal/db';
import { requireAuth } from '../plugins/auth';
import { findUserById } from '../repositories/users-repository';
import { recordAudit } from '../services/audit-service';

export interface RequestAuditEvent {
  action: string;
  target?: string | null;
  /** Small and never secret: names, ids, changed field names; no passwords, codes or client secrets. */
  detail?: Record<string, unknown>;
  /** Defaults to the caller's own organisation. */
  organisationId?: string;
}

/**
 * Records what the signed-in caller just did: actor from the verified session, address from the
 * request. Best effort like the sign-in entries: the change has already happened, so an audit
 * failure is logged, never turned into a failed request.
 */
export async function auditRequest(db: Db, request: FastifyRequest, event: RequestAuditEvent): Promise<void> {
  try {
    const auth = requireAuth(request);
    const actor = await findUserById(db, auth.userId);
    await recordAudit(db, {
      organisationId: event.organisationId ?? auth.organisationId,
      actorId: auth.userId,
      actorName: actor?.username ?? null,
      action: event.action,
      target: event.target ?? null,
      ip: request.ip ?? null,
      detail: event.detail,
    });
  } catch (error) {
    request.log.error({ err: error }, 'audit append failed');
  }
}

/** Awaits a handler's result, audits it, and passes it on: one call per audited route. */
export async function audited<T>(db: Db, request: FastifyRequest, result: Promise<T>, describe: (value: T) => RequestAuditEvent): Promise<T> {
  const value = await result;
  await auditRequest(db, request, describe(value));
  return value;
}

/** Names of the fields whose values differ (for branding and similar edits: what changed, not to what). */
export function changedFields<T extends object>(before: T | null, after: T | null, keys: readonly (keyof T)[]): string[] {
  return keys.filter((key) => (before?.[key] ?? null) !== (after?.[key] ?? null)).map(String);
}
