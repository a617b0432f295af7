import type { WebhookEventType } from '@portal/contracts';

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = Object.freeze({
  'job.finished': 'Job finished',
  'job.failed': 'Job failed',
  'alert.raised': 'Alert raised',
  'alert.resolved': 'Alert resolved',
  'ticket.created': 'Ticket created',
  'ticket.answered': 'Ticket answered',
  'tenant.consent_lost': 'Tenant consent lost',
});
