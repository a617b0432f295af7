import { SERVICES_BY_SET_TYPE, type BackupSet, type backupSetFormSchema } from '@portal/contracts';
import type { z } from 'zod';

export type SetFormInput = z.input<typeof backupSetFormSchema>;

/** A new set: the first connected tenant, Microsoft 365, whole tenant, every service, daily at 02:00, 30 days. */
export function newSetDefaults(tenantId: string): SetFormInput {
  return {
    name: '',
    tenantId,
    type: 'm365',
    scope: { mode: 'all' },
    services: [...SERVICES_BY_SET_TYPE.m365],
    schedule: { frequency: 'daily', time: '02:00', dayOfWeek: 0 },
    retention: { days: 30 },
  };
}

export function editSetDefaults(set: BackupSet): SetFormInput {
  return { name: set.name, tenantId: set.tenantId, type: set.type, scope: set.scope, services: set.services, schedule: set.schedule, retention: set.retention };
}

/** The fields each step of the guided dialog checks before Next. */
// `scope.objects` is named on its own: react-hook-form only shows a schema error on the exact path it sits on.
export const STEP_FIELDS = [['name', 'tenantId', 'type'], ['scope', 'scope.objects'], ['services'], ['schedule.time', 'schedule.frequency', 'retention.days']] as const;
export const STEP_LABELS = ['Basics', 'Scope', 'Services', 'Schedule and retention'] as const;
