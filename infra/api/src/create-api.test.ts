import { loadMigrations, migrate, openDatabase } from '@portal/db';
import { apiOptionsFromEnv, readRootVersion } from './create-api';
import { ensureJwtSecret } from './repositories/settings-repository';
import { openTestDatabase, TEST_DATABASE_URL } from './test/build';

describe('startup', () => {
  it('reads its settings from the environment', () => {
    expect(
      apiOptionsFromEnv({ DATA_DIR: '/d', DATABASE_URL: 'postgres://x', JWT_SECRET: 's', PORTAL_VERSION: '1.2.3', PORTAL_DEMO: '0' }),
    ).toEqual({ dataDir: '/d', databaseUrl: 'postgres://x', jwtSecret: 's', version: '1.2.3', demo: false, mailSenderDomains: [] });
    expect(apiOptionsFromEnv({}).demo).toBe(true);
    expect(apiOptionsFromEnv({ MAIL_SENDER_DOMAINS: 'Example.com, mail.example.org' }).mailSenderDomains).toEqual(['example.com', 'mail.example.org']);
  });

  it('finds the workspace root version', () => {
    expect(readRootVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('migrates once, records the migration and keeps one generated JWT secret', async () => {
    const db = await openTestDatabase();
    expect(await migrate(db)).toEqual(loadMigrations().map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
    expect(rows.map((row) => row.name).sort()).toEqual(loadMigrations().map((m) => m.name).sort());
    const secret = await ensureJwtSecret(db);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await ensureJwtSecret(db)).toBe(secret);
  });

  (TEST_DATABASE_URL ? it : it.skip)('lets several processes migrate the same PostgreSQL schema at once', async () => {
    const first = await openTestDatabase();
    const { rows } = await first.query<{ schema: string }>('select current_schema() as schema');
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: TEST_DATABASE_URL, schema: rows[0].schema })));
    try {
      const applied = await Promise.all([first, ...others].map((db) => migrate(db)));
      expect(applied.flat()).toEqual(loadMigrations().map((m) => m.name));
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });
});
