import { build } from '../../test/build';

describe('GET /backend/platform/version', () => {
  it('answers the version set at start, without authentication', async () => {
    const app = await build({ version: '2.4.6' });
    const response = await app.inject({ method: 'GET', url: '/backend/platform/version' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: '2.4.6' });
  });

  it('answers an errorMessage when no version is stored', async () => {
    const app = await build();
    await app.apiDb.query("delete from settings where key = 'platform_version'");
    const response = await app.inject({ method: 'GET', url: '/backend/platform/version' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'Platform version is not available' });
  });
});
