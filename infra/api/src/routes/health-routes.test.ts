import { healthSchema } from '@portal/contracts';
import { pointRemote, recordRelease } from '../repositories/registry-repository';
import { build, signin, TEST_DATABASE_URL } from '../test/build';

const integrity = `sha384-${Buffer.alloc(48, 7).toString('base64')}`;

describe('GET /backend/api/health', () => {
  it('reports api, database and the current remotes to an ADMIN', async () => {
    const app = await build();
    await recordRelease(app.apiDb, { name: 'support', version: '0.1.0-abc', entry: '/remotes/support/0.1.0-abc/remoteEntry.js', integrity });
    await pointRemote(app.apiDb, 'support', '0.1.0-abc', 'test');
    const admin = await signin(app, 'admin');
    const response = await app.inject({ method: 'GET', url: '/backend/api/health', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = healthSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.api).toMatchObject({ status: 'ok', version: '9.9.9-test' });
    expect(body.database).toMatchObject({ status: 'ok', driver: TEST_DATABASE_URL ? 'postgres' : 'pglite' });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(body.checkedAt))).toBe(false);
    expect(body.remotes).toEqual([{ name: 'support', version: '0.1.0-abc', publishedAt: expect.any(String) }]);
  });

  it.each(['customer', 'partner', 'directpartner', 'directcustomer'])('answers 403 Forbidden to %s', async (username) => {
    const app = await build();
    const user = await signin(app, username);
    const response = await app.inject({ method: 'GET', url: '/backend/api/health', headers: user.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorMessage: 'Forbidden' });
  });

  it('answers 401 without a token', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorMessage: 'Authentication required' });
  });
});
