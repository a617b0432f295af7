import { MAINTENANCE_SETTING_KEY } from '@portal/contracts';
import type { EngineQueryable } from '../ports';

/**
 * True while the operator has maintenance mode on (the API's settings row). The scheduler then starts
 * no backups; due sets keep their time and start on the first pass after maintenance ends.
 */
export async function maintenanceOn(db: EngineQueryable): Promise<boolean> {
  const { rows } = await db.query<{ enabled: boolean | null }>(`select (value->>'enabled')::boolean as enabled from settings where key = $1`, [MAINTENANCE_SETTING_KEY]);
  return rows[0]?.enabled === true;
}
