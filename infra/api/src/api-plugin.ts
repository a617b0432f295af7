import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '@portal/db';
import { registerServices } from './app/register-services';
import type { Mailer } from './mail/mailer';
import type { BrandingResolver } from './mail/messages';
import { resolveMetricsOptions, type MetricsOptions } from './metrics/metrics-options';
import type { FailureLimit, RateLimitOptions } from './plugins/rate-limits';
import { registerExternal } from './plugins/register-external';
import type { RemoteStoreReader } from './remotes/remote-store';
import { registerRoutes } from './routes';
import type { AlertJobsOptions } from './services/alert-jobs';
import type { ApiKeyRateLimit } from './services/api-key-service';
import type { BackupApiOptions } from './services/backup-engine';
import type { WebhookDispatchOptions } from './services/webhook-dispatcher';
import type { SessionCacheOptions } from './services/session-cache';
import { openSessionCache } from './services/session-change-listener';
import { named } from './plugins/plugin-name';

export interface ApiPluginOptions {
  /** The store the portal server serves /remotes/ from; without it, publishing answers 503. */
  remoteStore?: RemoteStoreReader;
  /** An open, migrated database (see openDatabase + migrate, or setupApi). */
  db: Db;
  /** HS256 signing secret, at least 32 characters. Also keys the one-time code hashes and the TOTP secret box. */
  jwtSecret: string;
  /** Reported by api/health. */
  version: string;
  /** Process start, for the uptime in api/health. Defaults to plugin registration time. */
  startedAt?: Date;
  /** Demo mode (PORTAL_DEMO != '0'): with no SMTP it exposes GET dev/outbox. Default false. */
  demo?: boolean;
  /** Per-address limits by route; a rule or false (off). Unset ones keep RATE_LIMIT_DEFAULTS. */
  rateLimits?: RateLimitOptions;
  /** Failed sign-ins per account and window (default 100 per hour). */
  accountLockout?: FailureLimit;
  /** Wrong passwords per client address and window, sign-in and change-password together (default 20 a minute); false turns it off. */
  addressLockout?: FailureLimit | false;
  /** Calls per API key and window, counted in the database (default 600 a minute). */
  apiKeyRateLimit?: ApiKeyRateLimit;
  /** One-time codes per user, hour and purpose (default 10). */
  codesPerHour?: number;
  /** Minimum answer time of api/forgot in ms (default 150). */
  forgotMinDurationMs?: number;
  /** REDIS_URL: keep rate-limit counters in Redis so several API processes share them. */
  redisUrl?: string;
  /** Prefix of the Redis keys (default 'portal-rl:'). */
  rateLimitNamespace?: string;
  /** SMTP_URL: deliver e-mail through SMTP; otherwise it goes to the email_outbox table. */
  smtpUrl?: string;
  /** MAIL_FROM: sender of every message (default "Cloud Backup Portal <no-reply@portal.local>"). */
  mailFrom?: string;
  /** MAIL_SENDER_DOMAINS: a verified white-label address in one of these is the From; others only Reply-To. */
  mailSenderDomains?: string[];
  /** Overrides the mailer built from smtpUrl (tests). */
  mailer?: Mailer;
  /** The white-label hook: sender and branding per recipient. Default: the recipient's white-label settings, else mailFrom. */
  branding?: BrandingResolver;
  /** The portal's public origin (PORTAL_PUBLIC_URL), so mail can link uploaded logos absolutely. */
  publicUrl?: string;
  /** Backup engine: blob store, queue, workers, demo tenant (see services/backup-engine.ts). */
  backup?: BackupApiOptions;
  /** Webhook dispatcher period, attempts, backoff and timeout (services/webhook-dispatcher.ts). */
  webhooks?: WebhookDispatchOptions;
  /** Alert mail dispatcher and secret-expiry check periods (services/alert-jobs.ts). */
  alerts?: AlertJobsOptions;
  /** Prometheus token, Grafana URL and history sampling; defaults from METRICS_TOKEN and GRAFANA_URL. */
  metrics?: MetricsOptions;
  /** The verified-session cache (services/session-cache.ts); false reads every session from the database. */
  sessionCache?: SessionCacheOptions | false;
}

/**
 * How long the app that mounts the API lets it start (Fastify's pluginTimeout, 10 s by default, meant to
 * catch a plugin that never calls done). The API's start does real work: the engine, and on a demo
 * portal the emulator tenant and its backup sets; on a loaded machine (CI's end-to-end suites at load
 * 17 on 2 cores) that took over 10 s and the portal exited instead of starting.
 */
export const API_START_TIMEOUT_MS = 120_000;

/**
 * The API, registered without a base path: mount it with `{ prefix: '/backend' }`. Fastify's own
 * shape, in three stages: what every route relies on (plugins/register-external.ts), the services the
 * routes work with, decorated once (app/register-services.ts), then the routes by area
 * (routes/index.ts). Encapsulated on purpose: the zod compilers, JSON parser, error and not-found
 * handlers apply to the API's routes only, not to the portal server's static files.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = named(async (app: FastifyInstance, options: ApiPluginOptions) => {
  if (!options.db) throw new Error('apiPlugin needs a db');
  if (!options.jwtSecret || options.jwtSecret.length < 32) throw new Error('apiPlugin needs a jwtSecret of at least 32 characters');

  // One cache per process, shared by the guards and every route's auth step.
  const sessions =
    options.sessionCache === false
      ? undefined
      : await openSessionCache(options.db, (message, error) => app.log.warn({ err: error }, message), options.sessionCache);
  if (sessions) app.addHook('onClose', async () => sessions.close());
  const auth = { db: options.db, jwtSecret: options.jwtSecret, sessions: sessions?.cache };
  const http = await registerExternal(app, options, auth);
  await registerServices(app, options, { ...resolveMetricsOptions(options.metrics), http }, auth);
  await registerRoutes(app);
}, 'portal api');
