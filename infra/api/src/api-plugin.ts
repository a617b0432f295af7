import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import Redis from 'ioredis';
import type { Db } from '@portal/db';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './mail/mailer';
import type { BrandingResolver } from './mail/messages';
import { createAuthPreHandler, createScrapeGuard } from './plugins/auth';
import { useErrorHandling, useJsonBodyParser } from './plugins/error-handling';
import {
  ACCOUNT_LOCKOUT_DEFAULT,
  ADDRESS_LOCKOUT_DEFAULT,
  CODES_PER_HOUR_DEFAULT,
  resolveRateLimits,
  type FailureLimit,
  type RateLimitOptions,
} from './plugins/rate-limits';
import { useZodCompilers } from './plugins/zod-compilers';
import { accountRoutes } from './routes/account-routes';
import { authRoutes } from './routes/auth-routes';
import { devRoutes } from './routes/dev-routes';
import { DOCS_PREFIX, docsRoutes } from './routes/docs-routes';
import { requireEndpointDescriptors } from './plugins/require-descriptors';
import { healthRoutes } from './routes/health-routes';
import { operatorRoutes } from './routes/operator-routes';
import { remoteLoadsRoutes } from './routes/remote-loads-routes';
import { mfaRoutes } from './routes/mfa-routes';
import { passwordRoutes } from './routes/password-routes';
import { platformRoutes } from './routes/platform-routes';
import { profileRoutes } from './routes/profile-routes';
import { remoteOpsRoutes, type RemoteOpsOptions } from './routes/remote-ops-routes';
import { supportRoutes } from './routes/support-routes';
import { backupRoutes } from './routes/backup-routes';
import type { BackupApiOptions } from './services/backup-engine';
import { mediaRoutes } from './routes/media-routes';
import { mfaEnrolmentRoutes } from './routes/mfa-enrolment-routes';
import { notificationSettingsRoutes } from './routes/notification-settings-routes';
import { userSessionsRoutes } from './routes/user-sessions-routes';
import { userManagementRoutes } from './routes/user-management-routes';
import { auditRoutes } from './routes/audit-routes';
import { dashboardRoutes } from './routes/dashboard-routes';
import { alertsRoutes } from './routes/alerts-routes';
import { startAlertJobs, type AlertJobsOptions } from './services/alert-jobs';
import { maintenanceRoutes } from './routes/maintenance-routes';
import { metricsRoutes } from './routes/metrics-routes';
import { HttpMetrics, useHttpMetrics } from './metrics/http-metrics';
import { resolveMetricsOptions, type MetricsOptions } from './metrics/metrics-options';
import { useMaintenanceGuard } from './plugins/maintenance-guard';
import { useReadOnlyGuard } from './plugins/read-only-guard';
import { whitelabelRoutes } from './routes/whitelabel-routes';
import { whitelabelBrandingResolver } from './mail/whitelabel-branding';
import type { RouteDeps } from './routes/route-deps';
import { TOO_MANY_ATTEMPTS } from './services/identity-service';
import { HttpError } from './services/errors';

export interface ApiPluginOptions extends RemoteOpsOptions {
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
  /** Alert mail dispatcher and secret-expiry check periods (services/alert-jobs.ts). */
  alerts?: AlertJobsOptions;
  /** Prometheus token, Grafana URL and history sampling; defaults from METRICS_TOKEN and GRAFANA_URL. */
  metrics?: MetricsOptions;
}

/**
 * The API routes, registered without a base path: mount it with `{ prefix: '/backend' }`.
 * Encapsulated on purpose: the zod compilers, JSON parser, error and not-found handlers apply
 * to the API's routes only, not to the portal server's static files.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (app: FastifyInstance, options) => {
  if (!options.db) throw new Error('apiPlugin needs a db');
  if (!options.jwtSecret || options.jwtSecret.length < 32) throw new Error('apiPlugin needs a jwtSecret of at least 32 characters');

  // Every route below comes from a descriptor in shared/contracts/src/endpoints (the reference pages' own files excepted).
  requireEndpointDescriptors(app, { exceptUnder: `${app.prefix}${DOCS_PREFIX}` });
  useZodCompilers(app);
  useJsonBodyParser(app);
  useErrorHandling(app);
  const metricsOptions = resolveMetricsOptions(options.metrics);
  const httpMetrics = new HttpMetrics();
  useHttpMetrics(app, httpMetrics);
  useMaintenanceGuard(app, options.db, options.jwtSecret);
  useReadOnlyGuard(app, options.db, options.jwtSecret);
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ errorMessage: 'Not found' });
  });

  let redis: Redis | undefined;
  if (options.redisUrl) {
    // Fail fast instead of queueing requests while Redis is unreachable: the call answers 500.
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => undefined);
    });
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.rateLimitNamespace ?? 'portal-rl:' } : {}),
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });

  const mailer = options.mailer ?? createMailer({ db: options.db, smtpUrl: options.smtpUrl });
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());

  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);

  const rateLimits = resolveRateLimits(options.rateLimits);

  const authenticate = createAuthPreHandler(options.db, options.jwtSecret);
  const authenticateMfaPending = createAuthPreHandler(options.db, options.jwtSecret, { allowMfaPending: true });
  app.decorate('endpointGuards', { session: authenticate, mfaPending: authenticateMfaPending, scrape: createScrapeGuard(authenticate, metricsOptions.token) });

  const deps: RouteDeps = {
    db: options.db,
    jwtSecret: options.jwtSecret,
    version: options.version,
    startedAt: options.startedAt ?? new Date(),
    authenticate,
    authenticateMfaPending,
    rateLimits,
    passwordAttempts: {
      account: options.accountLockout ?? ACCOUNT_LOCKOUT_DEFAULT,
      address: options.addressLockout ?? ADDRESS_LOCKOUT_DEFAULT,
    },
    account: {
      db: options.db,
      jwtSecret: options.jwtSecret,
      mailer,
      branding:
        options.branding ??
        whitelabelBrandingResolver({
          db: options.db,
          mailFrom: options.mailFrom ?? DEFAULT_MAIL_FROM,
          senderDomains: options.mailSenderDomains,
          publicUrl: options.publicUrl,
        }),
      log: app.log,
      codesPerHour: options.codesPerHour ?? CODES_PER_HOUR_DEFAULT,
      forgotMinDurationMs: options.forgotMinDurationMs,
    },
    devOutbox: options.demo === true && mailer.kind === 'outbox',
  };

  await docsRoutes(app, { version: options.version });
  await authRoutes(app, deps);
  await accountRoutes(app, deps);
  await mfaRoutes(app, deps);
  await passwordRoutes(app, deps);
  await devRoutes(app, deps);
  await platformRoutes(app, deps);
  await profileRoutes(app, deps);
  await remoteOpsRoutes(app, deps, options);
  await supportRoutes(app, deps);
  const backupEngine = await backupRoutes(app, deps, options.backup);
  await healthRoutes(app, deps, { engine: backupEngine });
  await operatorRoutes(app, deps);
  await remoteLoadsRoutes(app, deps);
  await mediaRoutes(app, deps);
  await whitelabelRoutes(app, deps);
  await notificationSettingsRoutes(app, deps);
  await mfaEnrolmentRoutes(app, deps);
  await userSessionsRoutes(app, deps);
  await userManagementRoutes(app, deps, { publicUrl: options.publicUrl });
  await auditRoutes(app, deps);
  await dashboardRoutes(app, deps);
  await alertsRoutes(app, deps);
  startAlertJobs(app, { db: options.db, mailer, branding: deps.account.branding, publicUrl: options.publicUrl }, options.alerts);
  await maintenanceRoutes(app, deps);
  await metricsRoutes(app, deps, { ...metricsOptions, http: httpMetrics });
};
