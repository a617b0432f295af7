import type { Role } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import {
  findOrganisationById,
  insertOrganisation,
  type Organisation,
  type OrganisationKind,
} from '../repositories/organisations-repository';

// Provider -> partners / direct partners -> customers; direct customers hang off the provider.
const ALLOWED_PARENT: Record<OrganisationKind, OrganisationKind[] | null> = {
  PROVIDER: null,
  PARTNER: ['PROVIDER'],
  DIRECTPARTNER: ['PROVIDER'],
  CUSTOMER: ['PARTNER', 'DIRECTPARTNER'],
  DIRECTCUSTOMER: ['PROVIDER'],
};

/** Which organisation kind a role's users belong to. */
export const ORGANISATION_KIND_FOR_ROLE: Record<Role, OrganisationKind> = {
  ADMIN: 'PROVIDER',
  PARTNER: 'PARTNER',
  DIRECTPARTNER: 'DIRECTPARTNER',
  CUSTOMER: 'CUSTOMER',
  DIRECTCUSTOMER: 'DIRECTCUSTOMER',
};

export async function createOrganisation(
  db: Queryable,
  input: { name: string; kind: OrganisationKind; parentId?: string | null; region?: string | null; demo?: boolean },
): Promise<Organisation> {
  const name = input.name.trim();
  if (!name) throw new Error('Organisation name is required');
  const allowedParents = ALLOWED_PARENT[input.kind];
  const parentId = input.parentId ?? null;
  if (allowedParents === null) {
    if (parentId) throw new Error('A provider organisation cannot have a parent');
  } else {
    if (!parentId) throw new Error(`A ${input.kind} organisation needs a parent`);
    const parent = await findOrganisationById(db, parentId);
    if (!parent) throw new Error('Parent organisation not found');
    if (!allowedParents.includes(parent.kind)) {
      throw new Error(`A ${input.kind} organisation cannot be placed under a ${parent.kind}`);
    }
  }
  return insertOrganisation(db, { name, kind: input.kind, parentId, region: input.region ?? null, demo: input.demo ?? false });
}
