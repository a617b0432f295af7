import { insertTenant } from '@portal/engine';
import type { Db } from '@portal/db';
import type { Emulator } from '@portal/m365-emulator';
import { findUserByUsername } from '../repositories/users-repository';

/** Connects the demo customer's organisation (seeded) to an emulator's tenant, straight in the database. */
export async function insertCustomerTenant(db: Db, masterSecret: string, emulator: Emulator, name: string) {
  const customer = await findUserByUsername(db, 'customer');
  if (!customer) throw new Error('no demo customer: seed the database first');
  const tenant = await insertTenant(db, masterSecret, { organisationId: customer.organisationId, name, credentials: emulator.credentials });
  return { organisationId: customer.organisationId, tenant };
}
