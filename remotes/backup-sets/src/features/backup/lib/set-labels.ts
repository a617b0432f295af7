import { BACKUP_SERVICE_LABELS, type BackupSet, type Schedule, type Scope } from '@portal/contracts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const WEEK_DAYS = DAYS;

export function describeSchedule(schedule: Schedule): string {
  switch (schedule.frequency) {
    case 'manual':
      return 'Manual only';
    case 'hourly':
      return `Hourly at :${schedule.time.slice(3)}`;
    case 'daily':
      return `Daily at ${schedule.time} UTC`;
    case 'weekly':
      return `Weekly on ${DAYS[schedule.dayOfWeek]} at ${schedule.time} UTC`;
  }
}

export function describeScope(scope: Scope): string {
  if (scope.mode === 'all') return 'Whole tenant';
  const n = scope.objects.length;
  return n === 1 ? scope.objects[0].displayName || '1 object' : `${n} selected objects`;
}

export const describeServices = (set: Pick<BackupSet, 'services'>): string => set.services.map((s) => BACKUP_SERVICE_LABELS[s]).join(', ');
