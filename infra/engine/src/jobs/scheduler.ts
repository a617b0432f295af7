import type { Schedule } from '@portal/contracts';
import type { EngineDb } from '../ports';

/** The next time a schedule is due after `from` (null for manual sets). All times are UTC. */
export function nextRunAfter(schedule: Schedule, from: Date): Date | null {
  if (schedule.frequency === 'manual') return null;
  const [hours, minutes] = schedule.time.split(':').map(Number);
  const next = new Date(from.getTime());
  next.setUTCSeconds(0, 0);
  if (schedule.frequency === 'hourly') {
    next.setUTCMinutes(minutes);
    if (next <= from) next.setUTCHours(next.getUTCHours() + 1);
    return next;
  }
  next.setUTCHours(hours, minutes, 0, 0);
  if (schedule.frequency === 'daily') {
    if (next <= from) next.setUTCDate(next.getUTCDate() + 1);
    return next;
  }
  const days = (schedule.dayOfWeek - next.getUTCDay() + 7) % 7;
  next.setUTCDate(next.getUTCDate() + days);
  if (next <= from) next.setUTCDate(next.getUTCDate() + 7);
  return next;
}

/**
 * Sets whose next run is due: each is moved to its following slot with a conditional update, so
 * when several processes run the scheduler only one of them starts the backup.
 */
export async function claimDueSets(db: EngineDb, now: Date = new Date()): Promise<Array<{ id: string; organisation_id: string; name: string }>> {
  const { rows } = await db.query<{ id: string; organisation_id: string; name: string; schedule: Schedule; next_run_at: Date }>(
    // The claim compares at millisecond precision: JavaScript dates have no microseconds, and a time
    // written by SQL's now() does, so an exact comparison with the value read back would never match.
    `select id, organisation_id, name, schedule, date_trunc('milliseconds', next_run_at) as next_run_at
       from backup_sets where status = 'active' and next_run_at <= $1 order by next_run_at limit 50`,
    [now.toISOString()],
  );
  const claimed: Array<{ id: string; organisation_id: string; name: string }> = [];
  for (const row of rows) {
    const next = nextRunAfter(row.schedule, now);
    const { rows: won } = await db.query(`update backup_sets set next_run_at = $3 where id = $1 and date_trunc('milliseconds', next_run_at) = $2 returning id`, [
      row.id,
      row.next_run_at,
      next ? next.toISOString() : null,
    ]);
    if (won.length) claimed.push({ id: row.id, organisation_id: row.organisation_id, name: row.name });
  }
  return claimed;
}
