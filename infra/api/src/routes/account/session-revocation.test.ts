import type { ApiInstance } from '../../create-api';
import { build, openApiTestDatabase, sharedTestSchema, signin, TEST_DATABASE_URL } from '../../test/build';
import { counting, injected, overHttp, type Headers, type ProcessCall } from '../../test/processes';

// The verified-session cache (services/session-cache.ts) must never outlive a revocation: after a
// sign-out, a password change, a role change or a suspension, the very next request of the session
// is refused, in the process that made the change and, through PostgreSQL's notifications, in
// another API process on the same database.

const profile = (who: { userId: string }) => `api/users/${who.userId}/profile`;

/** The session is verified (and, with the cache, kept) by two reads on `reader`. */
async function primed(reader: ProcessCall, path: string, headers: Headers, status = 200) {
  for (let i = 0; i < 2; i += 1) expect((await reader('GET', path, headers)).status).toBe(status);
}

/**
 * Each revocation made through `writer` (or its database) and checked on `reader` straight after.
 * `app` is the writer's process, for its database and sign-ins.
 */
async function revocationsTakeEffect(app: ApiInstance, writer: ProcessCall, reader: ProcessCall) {
  const customer = await signin(app, 'customer');
  await primed(reader, profile(customer), customer.headers);
  expect((await writer('POST', `api/users/${customer.userId}/signout`, customer.headers)).status).toBe(200);
  expect(await reader('GET', profile(customer), customer.headers)).toEqual({ status: 401, body: { errorMessage: 'Session expired' } });

  const direct = await signin(app, 'directcustomer');
  await primed(reader, profile(direct), direct.headers);
  const change = { userId: direct.userId, currentPassword: 'Portal#2026', password: 'Copper#Lantern58' };
  expect((await writer('POST', 'api/change/password', direct.headers, change)).status).toBe(200);
  expect((await reader('GET', profile(direct), direct.headers)).status).toBe(401);

  // No endpoint changes a role; the database can (outside any request), and the next request must see it.
  const admin = await signin(app, 'admin');
  await primed(reader, 'api/operator/workers', admin.headers);
  await app.apiDb.query(`update users set role = 'CUSTOMER' where id = $1`, [admin.userId]);
  expect((await reader('GET', 'api/operator/workers', admin.headers)).status).toBe(403);

  const partner = await signin(app, 'partner');
  const victim = await signin(app, 'customer');
  await primed(reader, profile(victim), victim.headers);
  expect((await writer('PATCH', `admin/users/${victim.userId}`, partner.headers, { suspended: true })).status).toBe(200);
  expect((await reader('GET', profile(victim), victim.headers)).status).toBe(401);
}

const SESSION_LOOKUP = /from sessions s join users u/;

describe('verified-session cache', () => {
  it('answers a repeated request without reading the session again', async () => {
    const { db, statements } = counting(await openApiTestDatabase());
    const app = await build({ database: db });
    const customer = await signin(app, 'customer');
    const call = injected(app);
    statements.length = 0;
    expect((await call('GET', profile(customer), customer.headers)).status).toBe(200);
    expect(statements.filter((sql) => SESSION_LOOKUP.test(sql))).toHaveLength(1);
    statements.length = 0;
    expect((await call('GET', profile(customer), customer.headers)).status).toBe(200);
    expect(statements.filter((sql) => SESSION_LOOKUP.test(sql))).toEqual([]);
  });

  it('reads every session when turned off', async () => {
    const { db, statements } = counting(await openApiTestDatabase());
    const app = await build({ database: db, sessionCache: false });
    const customer = await signin(app, 'customer');
    statements.length = 0;
    for (let i = 0; i < 2; i += 1) await injected(app)('GET', profile(customer), customer.headers);
    expect(statements.filter((sql) => SESSION_LOOKUP.test(sql))).toHaveLength(2);
  });

  it('refuses the next request after a sign-out, password change, role change or suspension, in the same process', async () => {
    const app = await build();
    const call = await overHttp(app);
    await revocationsTakeEffect(app, call, call);
  });

  it('does the same through inject, where no socket separates one request from the next', async () => {
    const app = await build();
    const call = injected(app);
    await revocationsTakeEffect(app, call, call);
  });

  (TEST_DATABASE_URL ? it : it.skip)('refuses it in a second API process on the same PostgreSQL database too', async () => {
    const schema = sharedTestSchema();
    const first = await build({ databaseUrl: TEST_DATABASE_URL, schema });
    const second = await build({ databaseUrl: TEST_DATABASE_URL, schema, demo: false });
    await revocationsTakeEffect(first, await overHttp(first), await overHttp(second));
  });
});
