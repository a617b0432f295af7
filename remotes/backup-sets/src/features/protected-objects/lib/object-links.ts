import { paths } from '@portal/config';
import type { ProtectedObject } from '@portal/contracts';

/** Links from one protected object to its snapshots, services and item search. */
export function objectLinks(object: Pick<ProtectedObject, 'id' | 'kind'>, set: { id: string; type: string }, from: string) {
  const base = { backupSetType: set.type, backupSetUserId: object.id, backupSetId: set.id };
  return {
    snapshots: paths.viewSnapshots.build(base),
    search: paths.itemSearch.build(base),
    services: object.kind === 'user' ? paths.m365Services.build({ ...base, from }) : null,
  };
}

export const KIND_NOUNS = {
  user: { one: 'user', many: 'users', title: 'Users' },
  site: { one: 'site', many: 'sites', title: 'SharePoint sites' },
  group: { one: 'group', many: 'groups', title: 'Groups' },
  team: { one: 'team', many: 'teams', title: 'Teams' },
} as const;
