import type { AlertLevel, AlertSeverity } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { alertMail, alertsLink } from '../mail/alert-mail';
import type { Mailer } from '../mail/mailer';
import type { BrandingResolver } from '../mail/messages';
import { claimUnnotifiedAlerts, findAlertRecipients, type ClaimedAlert } from '../repositories/alerts-dispatch-repository';
import { recipientsWhoWant } from './notification-settings-service';
import { runSerially } from './serial-task';

/** How often API processes look for new alerts to mail (ALERT_NOTIFY_MS overrides; 0 turns it off). */
export const ALERT_NOTIFY_EVERY_MS = 5_000;
/** Alerts claimed per pass; a longer backlog continues in the next pass. */
const CLAIM_BATCH = 50;

export interface AlertMailDeps {
  db: Queryable;
  mailer: Mailer;
  branding: BrandingResolver;
  /** PORTAL_PUBLIC_URL, for an absolute link to /alerts. */
  publicUrl?: string;
  log: { warn(object: unknown, message?: string): void };
}

/**
 * The notification settings speak of three levels (critical, warning, info); an 'error' alert (a
 * failed job) counts as a warning there: it reaches everyone at the default threshold, and
 * "critical only" stays for what needs action at once (lockouts, lost consent, expiring secrets).
 */
export function mailSeverityOf(level: AlertLevel): Exclude<AlertSeverity, 'off'> {
  return level === 'critical' ? 'critical' : level === 'info' ? 'info' : 'warning';
}

async function mailOne(deps: AlertMailDeps, alert: ClaimedAlert): Promise<number> {
  const everyone = await findAlertRecipients(deps.db, alert.organisationPath);
  const wanted = await recipientsWhoWant(deps.db, everyone, { kind: 'alert', severity: mailSeverityOf(alert.severity) });
  const link = alertsLink(deps.publicUrl);
  let sent = 0;
  for (const recipient of wanted) {
    try {
      await deps.mailer.send(alertMail(recipient, await deps.branding(recipient), alert, link));
      sent += 1;
    } catch (error) {
      // One unreachable mailbox must not keep the others from hearing about the alert.
      deps.log.warn({ err: error, alertId: alert.id }, 'alert mail failed');
    }
  }
  return sent;
}

/**
 * One dispatcher pass: claims every alert not mailed yet (whoever inserted it: API code or a
 * database trigger) and mails it to the people whose settings ask for it. Returns the mails sent.
 */
export function notifyNewAlerts(deps: AlertMailDeps): Promise<number> {
  return runSerially(deps.db, 'alert-mail', async () => {
    let sent = 0;
    for (;;) {
      const batch = await claimUnnotifiedAlerts(deps.db, CLAIM_BATCH);
      for (const alert of batch) sent += await mailOne(deps, alert);
      if (batch.length < CLAIM_BATCH) return sent;
    }
  });
}
