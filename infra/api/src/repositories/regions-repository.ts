import type { Region } from '@portal/contracts';
import type { Queryable } from '@portal/db';

export async function listRegions(db: Queryable): Promise<Region[]> {
  const { rows } = await db.query<Region>('select id, name from regions order by sort_order, id');
  return rows;
}

export async function regionExists(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from regions where id = $1', [id]);
  return rows.length === 1;
}
