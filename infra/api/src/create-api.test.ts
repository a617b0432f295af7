import { loadMigrations, migrate, openDatabase } from '@portal/db';
import { DEFAULT_STALE_AFTER_SECONDS } from '@portal/engine';
import { readEnvSettings, type EnvInput } from '@portal/settings';
import { apiOptionsFromSettings, readRootVersion, setupApi } from './create-api';
import { resolveMetricsOptions } from './metrics/metrics-options';
import { ensureJwtSecret } from './repositories/settings-repository';
import { ALERT_NOTIFY_EVERY_MS } from './services/alert-notifier';
import { SECRET_CHECK_EVERY_MS } from './services/m365-alerts';
import { openTestDatabase, TEST_DATABASE_URL } from './test/build';

const optionsOf = (env: EnvInput) => apiOptionsFromSettings(readEnvSettings(env));

describe('startup', () => {
  it('reads its settings from the environment', () => {
    const secret = 's'.repeat(32);
    const { settings, ...options } = optionsOf({ DATA_DIR: '/d', DATABASE_URL: 'postgres://x', JWT_SECRET: secret, PORTAL_VERSION: '1.2.3', PORTAL_DEMO: '0' });
    expect(options).toEqual({ dataDir: '/d', databaseUrl: 'postgres://x', jwtSecret: secret, version: '1.2.3', demo: false, mailSenderDomains: [] });
    expect(settings?.DATA_DIR).toBe('/d');
    expect(optionsOf({}).demo).toBe(true);
    expect(optionsOf({ MAIL_SENDER_DOMAINS: 'Example.com, mail.example.org' }).mailSenderDomains).toEqual(['example.com', 'mail.example.org']);
  });

  it('has the defaults of the environment when it is used without one', () => {
    const unset = readEnvSettings({});
    expect(ALERT_NOTIFY_EVERY_MS).toBe(unset.ALERT_NOTIFY_MS);
    expect(SECRET_CHECK_EVERY_MS).toBe(unset.ALERT_SECRET_CHECK_MS);
    expect(resolveMetricsOptions().sampleEveryMs).toBe(unset.METRICS_SAMPLE_EVERY_MS);
    expect(DEFAULT_STALE_AFTER_SECONDS).toBe(unset.BACKUP_STALE_SECONDS);
  });

  it('hands the parsed environment on to the plugin and the backup engine', async () => {
    const settings = readEnvSettings({
      PORTAL_PUBLIC_URL: 'https://backup.example.com',
      METRICS_TOKEN: 'prometheus-token-0123456789',
      GRAFANA_URL: 'https://grafana.example.com/d/portal?kiosk',
      ALERT_NOTIFY_MS: '0',
      BACKUP_QUEUE: 'embedded',
      BACKUP_WORKERS: '0',
      BACKUP_STALE_SECONDS: '3',
      PORTAL_DEMO_BACKUPS: '0',
      OUTBOUND_ALLOWED_ORIGINS: 'http://127.0.0.1:4100',
    });
    const { pluginOptions } = await setupApi({ database: await openTestDatabase(), demo: false, jwtSecret: 'j'.repeat(32), version: '1.0.0', settings });
    expect(pluginOptions.publicUrl).toBe('https://backup.example.com/');
    expect(pluginOptions.metrics).toEqual({ token: 'prometheus-token-0123456789', grafanaUrl: 'https://grafana.example.com/d/portal?kiosk', sampleEveryMs: 60_000 });
    expect(pluginOptions.alerts).toEqual({ notifyEveryMs: 0, secretCheckEveryMs: 3_600_000 });
    expect(pluginOptions.backup).toMatchObject({ queue: 'embedded', workers: false, demo: false, staleAfterSeconds: 3, outbound: { origins: ['http://127.0.0.1:4100'], networks: [] } });
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
