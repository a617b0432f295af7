import { MAINTENANCE_SETTING_KEY, type MaintenanceStatus } from '@portal/contracts';
import type { Db, Queryable } from '@portal/db';
import { getSetting, setSetting } from '../repositories/settings-repository';
import { auditInBackground } from './audit-service';

interface StoredMaintenance {
  enabled: boolean;
  message: string | null;
  since: string | null;
}

const OFF: MaintenanceStatus = { enabled: false, message: null, since: null };

/** Read on every call (no cache): several API processes and the engine's scheduler share the switch. */
export async function readMaintenance(db: Queryable): Promise<MaintenanceStatus> {
  const stored = await getSetting<StoredMaintenance>(db, MAINTENANCE_SETTING_KEY);
  if (!stored || stored.enabled !== true || typeof stored.message !== 'string') return OFF;
  return { enabled: true, message: stored.message, since: typeof stored.since === 'string' ? stored.since : null };
}

export interface MaintenanceActor {
  userId: string;
  organisationId: string;
  username: string | null;
  ip: string | null;
}

/** Switches maintenance mode; changing only the message keeps the original start time. */
export async function changeMaintenance(
  db: Db,
  update: { enabled: boolean; message: string },
  actor: MaintenanceActor,
  log?: { error: (obj: unknown, msg: string) => void },
): Promise<MaintenanceStatus> {
  const current = await readMaintenance(db);
  const next: MaintenanceStatus = update.enabled
    ? { enabled: true, message: update.message, since: current.enabled ? current.since : new Date().toISOString() }
    : OFF;
  await setSetting(db, MAINTENANCE_SETTING_KEY, next);
  await auditInBackground(
    db,
    {
      organisationId: actor.organisationId,
      actorId: actor.userId,
      actorName: actor.username,
      action: update.enabled ? 'maintenance.enabled' : 'maintenance.disabled',
      target: 'maintenance',
      ip: actor.ip,
      detail: update.enabled ? { message: update.message } : {},
    },
    log,
  );
  return next;
}
