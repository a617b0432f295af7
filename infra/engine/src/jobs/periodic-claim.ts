import type { EngineQueryable } from '../ports';

/**
 * Whether this process runs the periodic task `task` now: true for exactly one caller once `everyMs`
 * has passed since it last ran anywhere in the deployment (engine_periodic_tasks). Each process used
 * to count the period from its own start, so one restarted more often than that never ran the task,
 * and N workers ran it N times. The first call of a deployment starts the clock: a new one waits a
 * period, as one process always did.
 */
export async function claimPeriodic(db: EngineQueryable, task: string, everyMs: number): Promise<boolean> {
  await db.query('insert into engine_periodic_tasks (task, last_run_at) values ($1, now()) on conflict (task) do nothing', [task]);
  const { rows } = await db.query(
    'update engine_periodic_tasks set last_run_at = now() where task = $1 and last_run_at <= now() - make_interval(secs => $2) returning task',
    [task, everyMs / 1000],
  );
  return rows.length === 1;
}
