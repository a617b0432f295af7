import type { EmailHealth } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import type { Mailer } from '../../mail/mailer';
import { formatAge, messageOf, timed, withTimeout } from './probe';

export const SMTP_VERIFY_TIMEOUT_MS = 5000;

/**
 * SMTP: a real connect + authenticate (nodemailer's verify). Outbox mode delivers nothing: every
 * message stays in email_outbox, which is fine for a demo, and the detail says so with the count.
 */
export async function checkEmail(db: Queryable, mailer: Mailer, timeoutMs = SMTP_VERIFY_TIMEOUT_MS): Promise<EmailHealth> {
  if (mailer.kind === 'smtp') {
    const verify = mailer.verify;
    if (!verify) return { status: 'degraded', latencyMs: null, detail: 'The SMTP transport cannot be verified', mode: 'smtp', pending: null, oldestPendingSeconds: null };
    const result = await timed(() => withTimeout(verify.call(mailer), timeoutMs));
    return result.error === undefined
      ? { status: 'ok', latencyMs: result.latencyMs, detail: 'SMTP server accepted the connection and credentials', mode: 'smtp', pending: null, oldestPendingSeconds: null }
      : { status: 'down', latencyMs: result.latencyMs, detail: `SMTP verification failed: ${messageOf(result.error)}`, mode: 'smtp', pending: null, oldestPendingSeconds: null };
  }
  const result = await timed(() =>
    db.query<{ n: number | string; oldest: number | string | null }>(
      `select count(*) as n, extract(epoch from (clock_timestamp() - min(sent_at))) as oldest from email_outbox`,
    ),
  );
  if (result.error !== undefined || !result.value) {
    return { status: 'down', latencyMs: result.latencyMs, detail: `The outbox could not be read: ${messageOf(result.error)}`, mode: 'outbox', pending: null, oldestPendingSeconds: null };
  }
  const row = result.value.rows[0];
  const pending = Number(row.n);
  const oldest = row.oldest === null ? null : Math.max(0, Math.round(Number(row.oldest)));
  const detail =
    `Outbox mode (no SMTP_URL): messages are kept in the database, not delivered. ${pending} undelivered` +
    (oldest === null ? '' : `, oldest ${formatAge(oldest)} old`);
  return { status: 'ok', latencyMs: result.latencyMs, detail, mode: 'outbox', pending, oldestPendingSeconds: oldest };
}
