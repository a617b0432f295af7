import type { FastifyInstance } from 'fastify';
import type { ApiPluginOptions } from '../api-plugin';
import { createMailer, DEFAULT_MAIL_FROM } from '../mail/mailer';
import { whitelabelBrandingResolver } from '../mail/whitelabel-branding';
import type { HttpMetrics } from '../metrics/http-metrics';
import type { ResolvedMetricsOptions } from '../metrics/metrics-options';
import { createApiKeyGuard } from '../plugins/api-key-guard';
import { createAuthPreHandler, createScrapeGuard } from '../plugins/auth';
import { ACCOUNT_LOCKOUT_DEFAULT, ADDRESS_LOCKOUT_DEFAULT, CODES_PER_HOUR_DEFAULT, resolveRateLimits } from '../plugins/rate-limits';
import { seedDemoBackups } from '../seed/seed-demo-backups';
import { followProviderApp, type ConsentApp } from '../services/tenant-consent-service';
import { startAlertJobs } from '../services/alert-jobs';
import { API_KEY_RATE_LIMIT_DEFAULT } from '../services/api-key-service';
import { startPeriodic } from '../services/serial-task';
import { runUsagePass, USAGE_PASS_EVERY_MS } from '../services/usage-jobs';
import { createWebhookDispatcher } from '../services/webhook-dispatcher';
import type { AuthDeps } from '../services/identity-service';
import { openBackupEngine } from '../services/backup-engine';
import { RequestActivity } from '../services/host-load';
import { UserReadCache } from '../services/user-read-cache';
import type { ApiServices } from './api-services';

/**
 * The API plugin's app stage: the mailer, the backup engine (with the demo tenant's first backup),
 * the account services, the alert jobs and the access guards, made once and decorated on the
 * instance (`app.services`, `app.endpointGuards`) before any route is registered. Everything opened
 * here is closed with the instance.
 */
export async function registerServices(
  app: FastifyInstance,
  options: ApiPluginOptions,
  metrics: ResolvedMetricsOptions & { http: HttpMetrics },
  auth: AuthDeps,
): Promise<ApiServices> {
  const { db, jwtSecret } = options;
  const mailer = options.mailer ?? createMailer({ db, smtpUrl: options.smtpUrl });
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());

  const authenticate = createAuthPreHandler(auth);
  app.decorate('endpointGuards', {
    session: authenticate,
    mfaPending: createAuthPreHandler(auth, { allowMfaPending: true }),
    scrape: createScrapeGuard(authenticate, metrics.token),
    apiKey: createApiKeyGuard({ db, jwtSecret, rateLimit: options.apiKeyRateLimit ?? API_KEY_RATE_LIMIT_DEFAULT }),
  });

  const backupOptions = options.backup ?? {};
  // Requests in flight, by which the engine thread paces its backups (services/host-load.ts).
  const requests = new RequestActivity();
  app.addHook('onRequest', (request, reply, done) => {
    requests.begin();
    // 'close' comes once per response, sent or aborted, so an aborted request is not counted for ever.
    reply.raw.once('close', () => requests.end());
    done();
  });
  const { engine, close } = await openBackupEngine(db, backupOptions, (message, error) => app.log.warn({ err: error }, message), requests);
  if (backupOptions.consentApp) {
    const followed = await followProviderApp(db, engine.masterSecret, backupOptions.consentApp);
    if (followed) app.log.info(`${followed} consented tenant(s) now use the provider app's current secret`);
  }
  let stopDemo: (() => Promise<void>) | null = null;
  let demoConsentApp: ConsentApp | undefined;
  app.addHook('onClose', async () => {
    await close();
    await stopDemo?.();
  });
  if (backupOptions.demo) {
    try {
      const demo = await seedDemoBackups(
        { db, engine, linkSecret: jwtSecret },
        { size: backupOptions.demoSize, log: (message) => app.log.info(message), withProviderApp: !backupOptions.consentApp },
      );
      stopDemo = demo.stop;
      demoConsentApp = demo.consentApp;
    } catch (error) {
      // The portal must come up even when the demo tenant cannot (a port clash, say).
      app.log.error({ err: error }, 'demo backup tenant could not be started');
    }
  }

  const branding =
    options.branding ??
    whitelabelBrandingResolver({ db, mailFrom: options.mailFrom ?? DEFAULT_MAIL_FROM, senderDomains: options.mailSenderDomains, publicUrl: options.publicUrl });
  const webhooks = createWebhookDispatcher({ db, jwtSecret, outbound: engine.outbound }, options.webhooks);
  const stopWebhooks = startPeriodic(webhooks.runPass, webhooks.everyMs, { onError: (error) => app.log.warn({ err: error }, 'webhook pass failed') });
  app.addHook('onClose', stopWebhooks);
  const services: ApiServices = {
    db,
    jwtSecret,
    version: options.version,
    startedAt: options.startedAt ?? new Date(),
    rateLimits: resolveRateLimits(options.rateLimits),
    passwordAttempts: { account: options.accountLockout ?? ACCOUNT_LOCKOUT_DEFAULT, address: options.addressLockout ?? ADDRESS_LOCKOUT_DEFAULT },
    account: {
      db,
      jwtSecret,
      mailer,
      branding,
      log: app.log,
      codesPerHour: options.codesPerHour ?? CODES_PER_HOUR_DEFAULT,
      forgotMinDurationMs: options.forgotMinDurationMs,
    },
    devOutbox: options.demo === true && mailer.kind === 'outbox',
    engine,
    consentApp: backupOptions.consentApp ?? demoConsentApp,
    publicUrl: options.publicUrl,
    remoteStore: options.remoteStore,
    metrics,
    // Read on every page load; evicted by the session cache's notifications, so it exists only with it.
    profiles: auth.sessions ? new UserReadCache(auth.sessions) : undefined,
  };
  app.decorate('services', services);
  startAlertJobs(app, { db, mailer, branding, publicUrl: options.publicUrl }, options.alerts);
  // Today's usage of every customer, and on the 1st last month's reports and their mail.
  const stopUsage = startPeriodic(() => runUsagePass({ db, mailer, branding, publicUrl: options.publicUrl, log: app.log }), USAGE_PASS_EVERY_MS, {
    onError: (error) => app.log.warn({ err: error }, 'usage pass failed'),
  });
  app.addHook('onClose', stopUsage);
  return services;
}
