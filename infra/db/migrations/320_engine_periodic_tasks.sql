-- When each of the engine's periodic tasks (the collection of every tenant's unreferenced blobs) last
-- ran, for every process of the deployment: a process that restarts more often than the period (a
-- deploy, a crash) no longer starts the wait again each time, and two workers no longer both run it.
create table engine_periodic_tasks (
  task text primary key,
  last_run_at timestamptz not null
);
