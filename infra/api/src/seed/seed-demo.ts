import type { Role } from '@portal/contracts';
import type { Db, Queryable } from '@portal/db';
import { createUser } from '../services/identity-service';
import { createOrganisation } from '../services/tenancy-service';
import type { Organisation, OrganisationKind } from '../repositories/organisations-repository';
import { findUserByUsername } from '../repositories/users-repository';

export const DEMO_PASSWORD = 'Portal#2026';

const SEED_LOCK_KEY = 7_301_118_002;

interface DemoOrganisation {
  key: string;
  name: string;
  kind: OrganisationKind;
  parent: string | null;
}

const ORGANISATIONS: DemoOrganisation[] = [
  { key: 'provider', name: 'Demo Provider', kind: 'PROVIDER', parent: null },
  { key: 'partner', name: 'Demo Partner', kind: 'PARTNER', parent: 'provider' },
  { key: 'customer', name: 'Demo Customer', kind: 'CUSTOMER', parent: 'partner' },
  { key: 'directpartner', name: 'Demo Direct Partner', kind: 'DIRECTPARTNER', parent: 'provider' },
  { key: 'directcustomer', name: 'Demo Direct Customer', kind: 'DIRECTCUSTOMER', parent: 'provider' },
  // A second reseller with its own customer: shows that one partner's branding never reaches another's.
  { key: 'partner2', name: 'Second Demo Partner', kind: 'PARTNER', parent: 'provider' },
  { key: 'customer2', name: 'Second Demo Customer', kind: 'CUSTOMER', parent: 'partner2' },
];

export const DEMO_USERS: {
  username: string;
  role: Role;
  organisation: string;
  firstName: string;
  lastName: string;
  mfaMethod?: 'email';
}[] = [
  { username: 'admin', role: 'ADMIN', organisation: 'provider', firstName: 'Ada', lastName: 'Admin' },
  { username: 'partner', role: 'PARTNER', organisation: 'partner', firstName: 'Paula', lastName: 'Partner' },
  { username: 'directpartner', role: 'DIRECTPARTNER', organisation: 'directpartner', firstName: 'Dirk', lastName: 'Direct' },
  { username: 'customer', role: 'CUSTOMER', organisation: 'customer', firstName: 'Chris', lastName: 'Customer' },
  { username: 'directcustomer', role: 'DIRECTCUSTOMER', organisation: 'directcustomer', firstName: 'Dana', lastName: 'Direct' },
  // Shows the MFA sign-in: the code lands in the demo outbox (GET /backend/dev/outbox).
  { username: 'mfauser', role: 'CUSTOMER', organisation: 'customer', firstName: 'Mia', lastName: 'Factor', mfaMethod: 'email' },
  { username: 'partner2', role: 'PARTNER', organisation: 'partner2', firstName: 'Pat', lastName: 'Second' },
  { username: 'customer2', role: 'CUSTOMER', organisation: 'customer2', firstName: 'Cora', lastName: 'Second' },
];

async function findDemoOrganisation(db: Queryable, name: string, kind: OrganisationKind): Promise<Organisation | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'select id from organisations where demo and name = $1 and kind = $2 order by created_at limit 1',
    [name, kind],
  );
  if (!rows[0]) return undefined;
  return { id: rows[0].id } as Organisation;
}

/**
 * Creates the demo tenants and users through the normal service functions. Safe to run on every
 * start: existing rows are kept, and an advisory lock stops processes starting together from
 * seeding twice. Returns the usernames it created.
 */
export async function seedDemo(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const ids = new Map<string, string>();
    for (const org of ORGANISATIONS) {
      const existing = await findDemoOrganisation(tx, org.name, org.kind);
      const created =
        existing ??
        (await createOrganisation(tx, {
          name: org.name,
          kind: org.kind,
          parentId: org.parent ? ids.get(org.parent) : null,
          demo: true,
        }));
      ids.set(org.key, created.id);
    }
    const createdUsers: string[] = [];
    for (const user of DEMO_USERS) {
      if (await findUserByUsername(tx, user.username)) continue;
      await createUser(tx, {
        organisationId: ids.get(user.organisation)!,
        username: user.username,
        email: `${user.username}@demo.example`,
        password: DEMO_PASSWORD,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        mfaMethod: user.mfaMethod ?? null,
        demo: true,
      });
      createdUsers.push(user.username);
    }
    return createdUsers;
  });
}
