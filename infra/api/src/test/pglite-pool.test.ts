import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '@portal/db';
import { leaseDatabase } from './pglite-pool';

const snapshot = async (db: Db) => ({
  users: (await db.query('select id, username, password_hash from users order by id')).rows,
  migrations: (await db.query('select count(*)::int as n from schema_migrations')).rows,
});

describe('the PGlite test pool', () => {
  it('gives a database made from the run image the same content as the one that made it, and resets a used one', async () => {
    const first = await leaseDatabase('seeded');
    // Held while a second is leased: the second is a new database, from the image when the run has one.
    const second = await leaseDatabase('seeded');
    try {
      const images = process.env.PORTAL_TEST_PGLITE_IMAGES;
      if (images) expect(fs.existsSync(path.join(images, 'seeded.json'))).toBe(true);
      const expected = await snapshot(first);
      expect(expected.users.length).toBeGreaterThan(0);
      expect(await snapshot(second)).toEqual(expected);
      await second.query(`delete from users where username = 'customer'`);
      await second.close();
      const again = await leaseDatabase('seeded');
      expect(await snapshot(again)).toEqual(expected);
      await again.close();
    } finally {
      await first.close();
    }
  });
});
