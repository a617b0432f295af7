export { batchInTransaction, openDatabase, startPglite, wrapPglite } from './database';
export type { Db, DbDriver, OpenDatabaseOptions, Queryable, QueryResult, Statement } from './database';
export { loadMigrations, migrate, MIGRATIONS_DIR } from './migrate';
export type { Migration } from './migrate';
export type { ListenStateHandler, NotifyHandler, Subscription } from './listen';
