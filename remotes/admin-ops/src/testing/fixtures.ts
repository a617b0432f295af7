import type { AlertView, ManagedUser, OrganisationNode, OrganisationTree } from '@portal/contracts';

// Response bodies shaped by the contracts' schemas, for the component tests; `extra` sets what a
// test is about.

/** Demo Customer (c1), a managed organisation below Demo Partner (p1). */
export const organisationNode = (extra: Partial<OrganisationNode> = {}): OrganisationNode => ({
  id: 'c1',
  name: 'Demo Customer',
  kind: 'CUSTOMER',
  parentId: 'p1',
  suspended: false,
  demo: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  userCount: 1,
  seats: 0,
  manageable: true,
  mfaRequired: false,
  mfaInherited: false,
  ...extra,
});

/** The tree a partner manages: Demo Partner (its own, not manageable) above Demo Customer. */
export const organisationTree = (): OrganisationTree => ({
  rootId: 'p1',
  creatableKinds: ['CUSTOMER'],
  organisations: [
    organisationNode({ id: 'p1', name: 'Demo Partner', kind: 'PARTNER', parentId: null, manageable: false, seats: 3 }),
    organisationNode({ seats: 3 }),
  ],
});

/** The customer user of Demo Customer. */
export const managedUser = (extra: Partial<ManagedUser> = {}): ManagedUser => ({
  id: 'u1',
  organisationId: 'c1',
  username: 'customer',
  email: 'customer@demo.example',
  firstName: 'Carla',
  lastName: 'Customer',
  role: 'CUSTOMER',
  access: 'full',
  mfa: false,
  suspended: false,
  invitePending: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

/** An open error alert of a failed job of Demo Customer. */
export const alertView = (id: string, extra: Partial<AlertView> = {}): AlertView => ({
  id,
  severity: 'error',
  source: `job:${id}`,
  message: `Job failed: <b>Backup ${id}</b>`,
  status: 'open',
  organisationName: 'Demo Customer',
  createdAt: '2026-11-21T10:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedByName: null,
  resolvedAt: null,
  resolvedByName: null,
  ...extra,
});
