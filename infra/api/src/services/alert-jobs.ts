import type { FastifyInstance } from 'fastify';
import type { Db } from '@portal/db';
import type { Mailer } from '../mail/mailer';
import type { BrandingResolver } from '../mail/messages';
import { ALERT_NOTIFY_EVERY_MS, notifyNewAlerts } from './alert-notifier';
import { checkSecretExpiry, SECRET_CHECK_EVERY_MS } from './m365-alerts';
import { startPeriodic } from './serial-task';

export interface AlertJobsOptions {
  /** Alert mail dispatcher period (ALERT_NOTIFY_MS through setupApi; default 5 s; 0 turns it off). */
  notifyEveryMs?: number;
  /** App-secret expiry check period (ALERT_SECRET_CHECK_MS through setupApi; default 1 h; 0 turns it off). Also runs on start. */
  secretCheckEveryMs?: number;
}

/** Starts the alert background passes of this API process; they stop (and are awaited) when the app closes. */
export function startAlertJobs(app: FastifyInstance, deps: { db: Db; mailer: Mailer; branding: BrandingResolver; publicUrl?: string }, options: AlertJobsOptions = {}): void {
  const onError = (what: string) => (error: unknown) => app.log.warn({ err: error }, what);
  const stops = [
    startPeriodic(() => notifyNewAlerts({ ...deps, log: app.log }), options.notifyEveryMs ?? ALERT_NOTIFY_EVERY_MS, {
      onError: onError('alert mail pass failed'),
    }),
    startPeriodic(() => checkSecretExpiry(deps.db), options.secretCheckEveryMs ?? SECRET_CHECK_EVERY_MS, {
      immediately: true,
      onError: onError('secret expiry check failed'),
    }),
  ];
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
}
