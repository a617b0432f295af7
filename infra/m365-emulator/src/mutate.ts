import { deleteDriveItem, isDriveFile } from './drive-items';
import { rngFor } from './prng';
import type { Tenant } from './tenant';

export interface MutationSummary {
  added: number;
  changed: number;
  deleted: number;
  usersChanged: number;
  /** Change sequence after the round; delta tokens taken before it see every change. */
  seq: number;
}

/**
 * Changes about `fraction` of all items: half of the operations change an item, a quarter add one
 * and a quarter delete one. Rounds are numbered, so the same seed and sequence of calls always
 * produce the same tenant.
 */
export function mutate(tenant: Tenant, fraction: number): MutationSummary {
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError('fraction must be between 0 and 1');
  tenant.mutationRounds += 1;
  const r = rngFor(tenant.seed, 'mutate', tenant.mutationRounds);
  const summary: MutationSummary = { added: 0, changed: 0, deleted: 0, usersChanged: 0, seq: 0 };
  for (const container of tenant.containers) {
    if (container.kind === 'user') continue;
    const expected = container.count * fraction;
    const operations = Math.floor(expected) + (r.next() < expected - Math.floor(expected) ? 1 : 0);
    const firstMutable = container.drive ? 1 + container.drive.folderCount : 0;
    for (let op = 0; op < operations; op++) {
      const roll = r.next();
      if (roll >= 0.5 && roll < 0.75) {
        tenant.addItem(container);
        summary.added++;
        continue;
      }
      if (container.count <= firstMutable) continue;
      const index = r.int(firstMutable, container.count - 1);
      if (!tenant.exists(container, index) || (container.drive && !isDriveFile(tenant, container, index))) continue;
      // Teams keeps deleted channel messages as tombstones; the emulator only edits them.
      if (roll < 0.5 || container.kind === 'chatMessage') {
        const stored = container.stored.get(index);
        tenant.touchItem(container, index, stored === undefined ? undefined : { ...(stored as object), lastModifiedDateTime: tenant.timeOf(tenant.seq + 1) });
        summary.changed++;
      } else {
        if (container.drive) deleteDriveItem(tenant, container, index);
        else tenant.deleteItem(container, index);
        summary.deleted++;
      }
    }
  }
  const users = Math.round(tenant.users.length * fraction);
  for (let n = 0; n < users; n++) {
    tenant.touchItem(tenant.usersContainer, r.int(0, tenant.users.length - 1));
    summary.usersChanged++;
  }
  summary.seq = tenant.seq;
  return summary;
}
