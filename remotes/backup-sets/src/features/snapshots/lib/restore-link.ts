import { paths } from '@portal/config';

/** /restore with the set, object, snapshot (and folder) chosen, so the wizard starts at the selection. */
export function restoreLink(params: { setId: string; objectId?: string; snapshotId?: string; folder?: string }): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `${paths.restore}?${search.toString()}`;
}
