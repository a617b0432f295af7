// Test processes (and the portals the e2e suite spawns, which inherit this environment) opt in to
// the costly parts instead of getting them by default: the demo M365 tenant with its first backup,
// and the pg-boss queue and engine thread that DATABASE_URL would otherwise switch on. Suites that
// need them say so.
process.env.PORTAL_DEMO_BACKUPS ??= '0';
process.env.BACKUP_QUEUE ??= 'embedded';
process.env.BACKUP_ENGINE_THREAD ??= '0';
