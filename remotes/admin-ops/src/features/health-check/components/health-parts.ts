import type { Health } from '@portal/contracts';
import type { PartStatus } from '../../../components/status-chip';
import { formatAge, formatLatency, formatUptime } from './health-format';
import type { HealthFact } from './health-part-card';

export interface HealthPart {
  id: string;
  title: string;
  status: PartStatus;
  detail?: string;
  facts: HealthFact[];
}

/** The health page's cards in order: the API and the database, then each other part the API reports. */
export function healthParts({ api, database, email, blobStore, jobQueue }: Health): HealthPart[] {
  const parts: HealthPart[] = [
    {
      id: 'api',
      title: 'API',
      status: api.status,
      facts: [
        { label: 'Version', value: api.version },
        { label: 'Uptime', value: formatUptime(api.uptimeSeconds) },
      ],
    },
    {
      id: 'db',
      title: 'Database',
      status: database.status,
      facts: [
        { label: 'Driver', value: database.driver },
        { label: 'Latency', value: formatLatency(database.latencyMs) },
      ],
    },
  ];
  if (email) {
    parts.push({
      id: 'email',
      title: 'E-mail',
      status: email.status,
      detail: email.detail,
      facts: [
        { label: 'Mode', value: email.mode === 'smtp' ? 'SMTP' : 'Outbox' },
        { label: 'Latency', value: formatLatency(email.latencyMs) },
        ...(email.mode === 'outbox'
          ? [
              { label: 'Undelivered', value: String(email.pending ?? 0) },
              { label: 'Oldest undelivered', value: formatAge(email.oldestPendingSeconds) },
            ]
          : []),
      ],
    });
  }
  if (blobStore) {
    parts.push({
      id: 'blob',
      title: 'Blob store',
      status: blobStore.status,
      detail: blobStore.detail,
      facts: [
        { label: 'Kind', value: blobStore.kind },
        { label: 'Round trip', value: formatLatency(blobStore.latencyMs) },
      ],
    });
  }
  if (jobQueue) {
    parts.push({
      id: 'queue',
      title: 'Job queue',
      status: jobQueue.status,
      detail: jobQueue.detail,
      facts: [
        { label: 'Kind', value: jobQueue.kind },
        { label: 'Queued', value: String(jobQueue.queued) },
        { label: 'Running', value: String(jobQueue.running) },
        { label: 'Oldest queued', value: formatAge(jobQueue.oldestQueuedSeconds) },
        { label: 'Live workers', value: String(jobQueue.liveWorkers) },
      ],
    });
  }
  return parts;
}
