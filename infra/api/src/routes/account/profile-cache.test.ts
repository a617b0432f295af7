import type { AccountProfile } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { ApiInstance } from '../../create-api';
import { build, openApiTestDatabase, sharedTestSchema, signin, TEST_DATABASE_URL } from '../../test/build';
import { counting, injected, overHttp, type ProcessCall } from '../../test/processes';

// GET profile is answered from this process's memory once read (services/user-read-cache.ts), and
// must still show every change on the very next request: one made through the API, one made in the
// database outside any request (the user's row, their organisation's name, an ancestor's MFA rule),
// in the process that made it and in a second API process on the same PostgreSQL database.

async function changesShowAtOnce(app: ApiInstance, writer: ProcessCall, reader: ProcessCall) {
  const customer = await signin(app, 'customer');
  const path = `api/users/${customer.userId}/profile`;
  const read = async () => {
    const response = await reader<AccountProfile>('GET', path, customer.headers);
    expect(response.status).toBe(200);
    return response.body;
  };
  const before = await read();
  expect(await read()).toEqual(before);

  const { firstName: _first, userId: _id, ...rest } = before;
  const update = { firstName: 'Renamed', lastName: rest.lastName, email: rest.email, phone: '', timeZone: '', language: '' };
  expect((await writer('PUT', path, customer.headers, update)).status).toBe(200);
  expect((await read()).firstName).toBe('Renamed');

  await app.apiDb.query(`update users set last_name = 'Changed' where id = $1`, [customer.userId]);
  expect((await read()).lastName).toBe('Changed');

  const org = `(select organisation_id from users where id = $1)`;
  await app.apiDb.query(`update organisations set name = 'Renamed Customer Org' where id = ${org}`, [customer.userId]);
  expect((await read()).organisationName).toBe('Renamed Customer Org');

  expect(before.mfaRequired).toBe(false);
  await app.apiDb.query(`update organisations set mfa_required = true where id = (select parent_id from organisations where id = ${org})`, [customer.userId]);
  expect((await read()).mfaRequired).toBe(true);
}

describe('GET profile from memory', () => {
  it('answers a repeated request without a statement, and reads it again when turned off', async () => {
    const { db, statements } = counting(await openApiTestDatabase());
    const app = await build({ database: db });
    const customer = await signin(app, 'customer');
    const get = () => injected(app)('GET', `api/users/${customer.userId}/profile`, customer.headers);
    const first = await get();
    statements.length = 0;
    expect(await get()).toEqual(first);
    expect(statements).toEqual([]);

    const uncached = counting(await openApiTestDatabase());
    const plain = await build({ database: uncached.db, sessionCache: false });
    const other = await signin(plain, 'customer');
    await injected(plain)('GET', `api/users/${other.userId}/profile`, other.headers);
    uncached.statements.length = 0;
    await injected(plain)('GET', `api/users/${other.userId}/profile`, other.headers);
    expect(uncached.statements.some((sql) => /from users u join organisations o/.test(sql))).toBe(true);
  });

  it('shows every change on the next request, in the process that made it', async () => {
    const app = await build();
    const call = injected(app);
    await changesShowAtOnce(app, call, call);
  });

  (TEST_DATABASE_URL ? it : it.skip)('shows it in a second API process on the same PostgreSQL database too', async () => {
    const schema = sharedTestSchema();
    const first = await build({ databaseUrl: TEST_DATABASE_URL, schema });
    const second = await build({ databaseUrl: TEST_DATABASE_URL, schema, demo: false });
    await changesShowAtOnce(first, await overHttp(first), await overHttp(second));
  });
});
