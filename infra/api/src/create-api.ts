import { API_BASE_PATH } from '@portal/config';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_START_TIMEOUT_MS, apiPlugin, type ApiPluginOptions } from './api-plugin';
import { migrate, openDatabase, type Db, type OpenDatabaseOptions } from '@portal/db';
import { checkJwtSecret, readEnvSettings, type EnvSettings } from '@portal/settings';
import { ensureJwtSecret, setSetting, SETTING_PLATFORM_VERSION } from './repositories/settings-repository';
import { seedDemo } from './seed/seed-demo';
import { backupOptionsFromSettings, type BackupApiOptions } from './services/backup-engine';

export interface SetupApiOptions extends OpenDatabaseOptions {
  /** An already open database to use instead of opening one (tests lease them from a pool); closed like an opened one. */
  database?: Db;
  /** Overrides the stored secret (JWT_SECRET). */
  jwtSecret?: string;
  /** Platform version (PORTAL_VERSION); defaults to the root package.json version. */
  version?: string;
  /** Seed the demo tenants and users and show dev/outbox (default true; PORTAL_DEMO=0 turns it off). */
  demo?: boolean;
  /** SMTP_URL: deliver e-mail through SMTP instead of the email_outbox table. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of every message. */
  mailFrom?: string;
  /** MAIL_SENDER_DOMAINS: domains a verified white-label address may send From (SPF/DKIM set up for them). */
  mailSenderDomains?: string[];
  /** REDIS_URL: shared rate-limit counters. */
  redisUrl?: string;
  /** Backup engine settings; defaults from `settings` (DATA_DIR, BACKUP_*, OUTBOUND_*). */
  backup?: BackupApiOptions;
  /**
   * The process's parsed environment (readEnvSettings at its entry point), for what has no option of
   * its own: the backup engine, metrics, alert periods and PORTAL_PUBLIC_URL. Default: every variable unset.
   */
  settings?: EnvSettings;
}

/**
 * The API's options from the parsed environment (DATA_DIR, DATABASE_URL, JWT_SECRET, PORTAL_DEMO,
 * PORTAL_VERSION, SMTP_URL, MAIL_FROM, MAIL_SENDER_DOMAINS, REDIS_URL, and `settings` for the rest).
 */
export function apiOptionsFromSettings(settings: EnvSettings): SetupApiOptions {
  return {
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    jwtSecret: settings.JWT_SECRET,
    version: settings.PORTAL_VERSION,
    demo: settings.PORTAL_DEMO,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    mailSenderDomains: settings.MAIL_SENDER_DOMAINS,
    redisUrl: settings.REDIS_URL,
    settings,
  };
}

/** Version of the workspace root package.json, found by walking up from this file. */
export function readRootVersion(start: string = __dirname): string | undefined {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: unknown };
        return typeof pkg.version === 'string' ? pkg.version : undefined;
      } catch {
        return undefined;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Opens the database, applies migrations, seeds the demo (unless turned off), settles the JWT
 * secret and stores the platform version. Returns the open db (the caller closes it) and the
 * options to register apiPlugin with.
 */
export async function setupApi(options: SetupApiOptions = {}): Promise<{ db: Db; pluginOptions: ApiPluginOptions }> {
  const settings = options.settings ?? readEnvSettings({});
  const db = options.database ?? (await openDatabase({ ...options, thread: options.thread ?? settings.PGLITE_THREAD }));
  try {
    await migrate(db);
    if (options.demo !== false) await seedDemo(db);
    if (options.jwtSecret !== undefined) checkJwtSecret(options.jwtSecret);
    const jwtSecret = options.jwtSecret ?? (await ensureJwtSecret(db));
    const version = options.version ?? readRootVersion();
    if (version) await setSetting(db, SETTING_PLATFORM_VERSION, version);
    return {
      db,
      pluginOptions: {
        db,
        jwtSecret,
        version: version ?? 'unknown',
        startedAt: new Date(),
        demo: options.demo !== false,
        smtpUrl: options.smtpUrl,
        mailFrom: options.mailFrom,
        mailSenderDomains: options.mailSenderDomains,
        redisUrl: options.redisUrl,
        publicUrl: settings.PORTAL_PUBLIC_URL?.href,
        metrics: { token: settings.METRICS_TOKEN, grafanaUrl: settings.GRAFANA_URL?.href, sampleEveryMs: settings.METRICS_SAMPLE_EVERY_MS },
        alerts: { notifyEveryMs: settings.ALERT_NOTIFY_MS, secretCheckEveryMs: settings.ALERT_SECRET_CHECK_MS },
        backup: { ...backupOptionsFromSettings(options, settings), ...options.backup },
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

export interface CreateApiOptions extends SetupApiOptions {
  /** Base path the routes are mounted under (default '/backend', as on the portal). */
  prefix?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
  rateLimits?: ApiPluginOptions['rateLimits'];
  accountLockout?: ApiPluginOptions['accountLockout'];
  apiKeyRateLimit?: ApiPluginOptions['apiKeyRateLimit'];
  webhooks?: ApiPluginOptions['webhooks'];
  addressLockout?: ApiPluginOptions['addressLockout'];
  codesPerHour?: ApiPluginOptions['codesPerHour'];
  forgotMinDurationMs?: ApiPluginOptions['forgotMinDurationMs'];
  rateLimitNamespace?: ApiPluginOptions['rateLimitNamespace'];
  mailer?: ApiPluginOptions['mailer'];
  branding?: ApiPluginOptions['branding'];
  sessionCache?: ApiPluginOptions['sessionCache'];
}

export type ApiInstance = FastifyInstance & { apiDb: Db };

/**
 * A ready, standalone fastify app serving the API (tests, `src/main.ts`). Closing the app closes
 * the database.
 */
export async function createApi(options: CreateApiOptions = {}): Promise<ApiInstance> {
  const { db, pluginOptions } = await setupApi(options);
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false, pluginTimeout: API_START_TIMEOUT_MS });
  try {
    app.decorate('apiDb', db);
    app.addHook('onClose', async () => db.close());
    await app.register(helmet);
    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ errorMessage: 'Not found' });
    });
    await app.register(apiPlugin, {
      ...pluginOptions,
      rateLimits: options.rateLimits,
      accountLockout: options.accountLockout,
      apiKeyRateLimit: options.apiKeyRateLimit,
      webhooks: options.webhooks,
      addressLockout: options.addressLockout,
      codesPerHour: options.codesPerHour,
      forgotMinDurationMs: options.forgotMinDurationMs,
      rateLimitNamespace: options.rateLimitNamespace,
      mailer: options.mailer,
      branding: options.branding,
      sessionCache: options.sessionCache,
      prefix: options.prefix ?? API_BASE_PATH,
    });
    await app.ready();
    return app as unknown as ApiInstance;
  } catch (error) {
    await app.close().catch(() => undefined);
    await db.close();
    throw error;
  }
}
