import { ALERT_LIST_LIMIT, ALERT_MESSAGES, type AlertList, type AlertListQuery, type AlertView } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { findAlertInScope, listAlertRows, markAcknowledged, markResolved, type AlertRow, type AlertScope } from '../repositories/alerts-repository';
import { findOrganisationById } from '../repositories/organisations-repository';
import { HttpError, notFound } from './errors';
import type { AuthContext } from './identity-service';

type Caller = Pick<AuthContext, 'userId' | 'role' | 'organisationId'>;

async function scopeOf(db: Queryable, caller: Caller): Promise<AlertScope> {
  const organisation = await findOrganisationById(db, caller.organisationId);
  if (!organisation) throw notFound();
  return { path: organisation.path, includePlatform: caller.role === 'ADMIN' };
}

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

function toView(row: AlertRow): AlertView {
  return { ...row, createdAt: row.createdAt.toISOString(), acknowledgedAt: iso(row.acknowledgedAt), resolvedAt: iso(row.resolvedAt) };
}

export async function listAlerts(db: Queryable, caller: Caller, query: AlertListQuery): Promise<AlertList> {
  const rows = await listAlertRows(db, await scopeOf(db, caller), query, ALERT_LIST_LIMIT);
  return { alerts: rows.map(toView) };
}

/** Acknowledge or resolve an alert the caller can see; any other answers 404. */
export async function changeAlert(db: Queryable, caller: Caller, id: string, action: 'acknowledge' | 'resolve'): Promise<AlertView> {
  const scope = await scopeOf(db, caller);
  if (!(await findAlertInScope(db, scope, id))) throw notFound();
  const changed = action === 'acknowledge' ? await markAcknowledged(db, id, caller.userId) : await markResolved(db, id, caller.userId);
  if (!changed) throw new HttpError(409, action === 'acknowledge' ? ALERT_MESSAGES.notOpen : ALERT_MESSAGES.alreadyResolved);
  return toView((await findAlertInScope(db, scope, id))!);
}
