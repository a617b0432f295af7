import { paths } from '@portal/config';

/** Where a drill-down page came from (`{from}` in the URL): drives its breadcrumb and Back action. */
export const FROM_TARGETS = {
  backup: { path: paths.backup, label: 'Backup' },
  restore: { path: paths.restore, label: 'Restore' },
  jobs: { path: paths.jobs, label: 'Jobs' },
} as const;
export type FromKey = keyof typeof FROM_TARGETS;

export function fromTarget(from: string | undefined) {
  return from && from in FROM_TARGETS ? FROM_TARGETS[from as FromKey] : FROM_TARGETS.backup;
}
