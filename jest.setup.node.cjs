// Test processes (and the portals the e2e suite spawns, which inherit this environment) opt in to
// the costly parts instead of getting them by default: the demo M365 tenant with its first backup,
// and the pg-boss queue that DATABASE_URL would otherwise switch on. Suites that need them say so.
process.env.PORTAL_DEMO_BACKUPS ??= '0';
process.env.BACKUP_QUEUE ??= 'embedded';
// A thread per test app would load the engine's source again each time; the suites that test the
// engine thread turn it on themselves.
process.env.BACKUP_ENGINE_THREAD ??= '0';
