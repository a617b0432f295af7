import { BACKUP_PAGE_SIZE_MAX, type BackupSet, type ProtectedObject, type ScopeObject } from '@portal/contracts';
import { listProtectedObjects } from '@portal/contracts/calls';
import { unwrap } from '@portal/data';

const toScope = (o: Pick<ProtectedObject, 'kind' | 'externalId' | 'displayName'>): ScopeObject => ({ kind: o.kind, externalId: o.externalId, displayName: o.displayName });

/** The set's scope as an explicit list: a whole-tenant set lists what it protects today. */
export async function explicitScope(set: BackupSet): Promise<ScopeObject[]> {
  if (set.scope.mode === 'selected') return set.scope.objects;
  const out: ScopeObject[] = [];
  for (let page = 1; ; page += 1) {
    const result = unwrap(await listProtectedObjects(set.id, { page, pageSize: BACKUP_PAGE_SIZE_MAX }));
    out.push(...result.items.map(toScope));
    if (result.items.length === 0 || page * result.pageSize >= result.total) return out;
  }
}

export function withoutObject(objects: ScopeObject[], object: Pick<ProtectedObject, 'kind' | 'externalId'>): ScopeObject[] {
  return objects.filter((o) => !(o.kind === object.kind && o.externalId === object.externalId));
}
