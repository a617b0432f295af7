import { envSchema } from './env-schema';
import { EnvSettingsError, readEnvSettings } from './read-env-settings';

describe('readEnvSettings', () => {
  it('gives every variable its default when the environment is empty', () => {
    expect(readEnvSettings({})).toEqual({
      PORT: 8080,
      API_PORT: 8081,
      API_HOST: '127.0.0.1',
      PORTAL_DEMO: true,
      LOG_LEVEL: 'info',
      PORTAL_REGISTRY_REFRESH_MS: 60_000,
      ALLOWED_REMOTE_ORIGINS: [],
      TRUST_PROXY: false,
      METRICS_SAMPLE_EVERY_MS: 60_000,
      ALERT_NOTIFY_MS: 5_000,
      ALERT_SECRET_CHECK_MS: 3_600_000,
      MAIL_SENDER_DOMAINS: [],
      BACKUP_WORKERS: true,
      PGLITE_THREAD: true,
      BACKUP_WORKER_CONCURRENCY: 2,
      BACKUP_SCHEDULE_MS: 15_000,
      BACKUP_STALE_SECONDS: 30,
      OUTBOUND_ALLOWED_ORIGINS: [],
      OUTBOUND_ALLOWED_NETWORKS: [],
    });
  });

  it('takes an empty value for unset and ignores variables it does not know', () => {
    const settings = readEnvSettings({ PORT: '', HOST: '', DATA_DIR: '', PATH: '/usr/bin', HOME: '/root' });
    expect(settings.PORT).toBe(8080);
    expect(settings.HOST).toBeUndefined();
    expect(settings.DATA_DIR).toBeUndefined();
    expect(settings).not.toHaveProperty('PATH');
  });

  it('parses each value once, by its rule', () => {
    const settings = readEnvSettings({
      PORT: '0',
      PORTAL_DEMO: '0',
      PORTAL_PUBLIC_URL: 'https://backup.example.com',
      GRAFANA_URL: 'https://grafana.example.com:3000/d/portal?kiosk',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
      REMOTE_STORE_URL: 's3://portal-remotes/prod/',
      S3_FORCE_PATH_STYLE: '0',
      MAIL_SENDER_DOMAINS: ' Reseller.Example , other.example.',
      OUTBOUND_ALLOWED_ORIGINS: 'http://127.0.0.1:4100, https://*.example.test',
      OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      PORTAL_DEMO_BACKUPS: '1',
      BACKUP_QUEUE: 'pg-boss',
      BACKUP_STALE_SECONDS: '2.5',
    });
    expect(settings.PORT).toBe(0);
    expect(settings.PORTAL_DEMO).toBe(false);
    expect(settings.PORTAL_PUBLIC_URL?.protocol).toBe('https:');
    expect(settings.GRAFANA_URL?.origin).toBe('https://grafana.example.com:3000');
    expect(settings.TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(settings.REMOTE_STORE_URL).toEqual({ bucket: 'portal-remotes', prefix: 'prod' });
    expect(settings.S3_FORCE_PATH_STYLE).toBe(false);
    expect(settings.MAIL_SENDER_DOMAINS).toEqual(['reseller.example', 'other.example']);
    expect(settings.OUTBOUND_ALLOWED_ORIGINS).toEqual(['http://127.0.0.1:4100', 'https://*.example.test']);
    expect(settings.OUTBOUND_ALLOWED_NETWORKS).toEqual(['127.0.0.0/8']);
    expect(settings.PORTAL_DEMO_BACKUPS).toBe(true);
    expect(readEnvSettings({ PORTAL_DEMO_BACKUPS: '0' }).PORTAL_DEMO_BACKUPS).toBe(false);
    expect(settings.BACKUP_QUEUE).toBe('pg-boss');
    expect(settings.BACKUP_STALE_SECONDS).toBe(2.5);
  });

  it('keeps the flags as they always read: only 0 turns one off', () => {
    expect(readEnvSettings({ PORTAL_DEMO: 'false', BACKUP_WORKERS: 'no' })).toMatchObject({ PORTAL_DEMO: true, BACKUP_WORKERS: true });
    expect(readEnvSettings({ PORTAL_DEMO: '0', BACKUP_WORKERS: '0' })).toMatchObject({ PORTAL_DEMO: false, BACKUP_WORKERS: false });
  });

  it('reports every invalid variable in one error, each with its reason', () => {
    let error: unknown;
    try {
      readEnvSettings({
        PORT: '70000',
        TRUST_PROXY: '10.0.0.0/33',
        PORTAL_PUBLIC_URL: 'backup.example.com',
        GRAFANA_URL: 'javascript:alert(1)',
        REMOTE_STORE_URL: 'https://bucket/x',
        OUTBOUND_ALLOWED_ORIGINS: 'http://x.test/path',
        OUTBOUND_ALLOWED_NETWORKS: 'localhost',
        ALERT_NOTIFY_MS: '1.5',
        BACKUP_QUEUE: 'pgboss',
        JWT_SECRET: 'short',
        METRICS_TOKEN: 'short',
        PORTAL_DEMO_BACKUPS: 'yes',
        // Valid ones are not mentioned.
        API_PORT: '9000',
        LOG_LEVEL: 'warn',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvSettingsError);
    expect((error as EnvSettingsError).problems).toEqual([
      'PORT must be 0-65535, got "70000"',
      'JWT_SECRET must be at least 32 characters',
      'TRUST_PROXY must be true, false, a hop count or a comma-separated list of IP addresses or CIDR ranges, got "10.0.0.0/33" (not an address or range: "10.0.0.0/33")',
      'PORTAL_PUBLIC_URL must be a valid URL, got "backup.example.com"',
      'GRAFANA_URL must be an http or https URL, got "javascript:alert(1)"',
      'METRICS_TOKEN must be at least 16 characters',
      'ALERT_NOTIFY_MS must be a whole number of ms, got "1.5"',
      'REMOTE_STORE_URL must look like s3://bucket/prefix, got "https://bucket/x"',
      'BACKUP_QUEUE must be one of embedded, pg-boss, got "pgboss"',
      'PORTAL_DEMO_BACKUPS must be one of 0, 1, got "yes"',
      'OUTBOUND_ALLOWED_ORIGINS: "http://x.test/path" is not an origin such as https://host:port',
      'OUTBOUND_ALLOWED_NETWORKS: "localhost" is not an IP address or CIDR range',
    ]);
    expect((error as Error).message).toBe(`12 environment variables are invalid:\n  - ${(error as EnvSettingsError).problems.join('\n  - ')}`);
  });

  it('names a single invalid variable in the same way', () => {
    expect(() => readEnvSettings({ PORTAL_REGISTRY_REFRESH_MS: '-1' })).toThrow(
      'An environment variable is invalid:\n  - PORTAL_REGISTRY_REFRESH_MS must be a whole number of ms, got "-1"',
    );
    expect(() => readEnvSettings({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
    expect(() => readEnvSettings({ REMOTE_STORE_URL: 's3://bucket/../x' })).toThrow('REMOTE_STORE_URL must not contain ".."');
  });

  it('describes every variable', () => {
    for (const [name, schema] of Object.entries(envSchema.shape)) {
      expect([name, schema.description?.endsWith('.')]).toEqual([name, true]);
    }
  });
});
