import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './database';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

// Arbitrary constant shared by every process that migrates (API, portal CLI): "portal schema migrations".
const MIGRATION_LOCK_KEY = 7_301_118_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d+_[\w-]+\.sql$/.test(file))
    .map((file) => ({
      version: Number(file.split('_')[0]),
      name: file,
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/**
 * Applies pending migrations in order, all in one transaction. The transaction-scoped advisory lock
 * makes processes that start together on PostgreSQL wait for each other instead of racing.
 * Returns the names of the migrations applied by this call.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = loadMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const { rows } = await tx.query<{ version: number }>('select version from schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      done.push(migration.name);
    }
    return done;
  });
}
