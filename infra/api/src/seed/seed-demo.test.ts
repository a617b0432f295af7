import { migrate } from '@portal/db';
import { verifyPassword } from '../identity/password';
import { isInSubtree, listSubtree } from '../repositories/organisations-repository';
import { createOrganisation } from '../services/tenancy-service';
import { openTestDatabase } from '../test/build';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';

describe('seedDemo', () => {
  it('creates exactly the eight demo users in the right organisations, and is idempotent', async () => {
    const db = await openTestDatabase();
    await migrate(db);
    expect((await seedDemo(db)).sort()).toEqual(['admin', 'customer', 'customer2', 'directcustomer', 'directpartner', 'mfauser', 'partner', 'partner2']);
    expect(await seedDemo(db)).toEqual([]);

    const { rows: users } = await db.query<{ username: string; role: string; email: string; org: string; kind: string; parent: string | null; demo: boolean; password_hash: string }>(
      `select u.username, u.role, u.email, o.name as org, o.kind, p.name as parent, u.demo, u.password_hash
       from users u join organisations o on o.id = u.organisation_id left join organisations p on p.id = o.parent_id
       order by u.username`,
    );
    expect(users.map(({ username, role, email, org, kind, parent, demo }) => ({ username, role, email, org, kind, parent, demo }))).toEqual([
      { username: 'admin', role: 'ADMIN', email: 'admin@demo.example', org: 'Demo Provider', kind: 'PROVIDER', parent: null, demo: true },
      { username: 'customer', role: 'CUSTOMER', email: 'customer@demo.example', org: 'Demo Customer', kind: 'CUSTOMER', parent: 'Demo Partner', demo: true },
      { username: 'customer2', role: 'CUSTOMER', email: 'customer2@demo.example', org: 'Second Demo Customer', kind: 'CUSTOMER', parent: 'Second Demo Partner', demo: true },
      { username: 'directcustomer', role: 'DIRECTCUSTOMER', email: 'directcustomer@demo.example', org: 'Demo Direct Customer', kind: 'DIRECTCUSTOMER', parent: 'Demo Provider', demo: true },
      { username: 'directpartner', role: 'DIRECTPARTNER', email: 'directpartner@demo.example', org: 'Demo Direct Partner', kind: 'DIRECTPARTNER', parent: 'Demo Provider', demo: true },
      { username: 'mfauser', role: 'CUSTOMER', email: 'mfauser@demo.example', org: 'Demo Customer', kind: 'CUSTOMER', parent: 'Demo Partner', demo: true },
      { username: 'partner', role: 'PARTNER', email: 'partner@demo.example', org: 'Demo Partner', kind: 'PARTNER', parent: 'Demo Provider', demo: true },
      { username: 'partner2', role: 'PARTNER', email: 'partner2@demo.example', org: 'Second Demo Partner', kind: 'PARTNER', parent: 'Demo Provider', demo: true },
    ]);
    const { rows: mfa } = await db.query<{ username: string; mfa_method: string }>('select username, mfa_method from users where mfa_method is not null');
    expect(mfa).toEqual([{ username: 'mfauser', mfa_method: 'email' }]);
    expect(users[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(users[0].password_hash, DEMO_PASSWORD)).toBe(true);

    const { rows: orgs } = await db.query<{ count: number }>('select count(*)::int as count from organisations where demo');
    expect(orgs[0].count).toBe(7);
  });

  it('gives each organisation its subtree and enforces the tree shape', async () => {
    const db = await openTestDatabase();
    await migrate(db);
    await seedDemo(db);
    const ids = Object.fromEntries(
      (await db.query<{ name: string; id: string }>('select name, id from organisations')).rows.map((row) => [row.name, row.id]),
    );
    expect((await listSubtree(db, ids['Demo Provider'])).map((o) => o.name)).toHaveLength(7);
    expect((await listSubtree(db, ids['Demo Partner'])).map((o) => o.name)).toEqual(['Demo Partner', 'Demo Customer']);
    expect((await listSubtree(db, ids['Demo Direct Partner'])).map((o) => o.name)).toEqual(['Demo Direct Partner']);
    expect(await isInSubtree(db, ids['Demo Partner'], ids['Demo Customer'])).toBe(true);
    expect(await isInSubtree(db, ids['Demo Direct Partner'], ids['Demo Customer'])).toBe(false);
    expect(await isInSubtree(db, ids['Demo Customer'], ids['Demo Partner'])).toBe(false);
    await expect(createOrganisation(db, { name: 'X', kind: 'CUSTOMER', parentId: ids['Demo Provider'] })).rejects.toThrow('cannot be placed');
    await expect(createOrganisation(db, { name: 'Y', kind: 'PARTNER' })).rejects.toThrow('needs a parent');
  });

  it('can be skipped: an app built with demo off has no users', async () => {
    const { build } = await import('../test/build');
    const app = await build({ demo: false });
    const { rows } = await app.apiDb.query<{ count: number }>('select count(*)::int as count from users');
    expect(rows[0].count).toBe(0);
  });
});
