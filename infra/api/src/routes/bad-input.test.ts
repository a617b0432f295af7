import { STORABLE_MESSAGES } from '@portal/contracts';
import { build, signinAs } from '../test/build';

// Input the database cannot store or read (found by scripts/fuzz.ts as HTTP 500s): refused with a
// 400 and the contracts' message before any query runs.
describe('input the database cannot take', () => {
  it('refuses NUL and lone surrogates in a text field, a search and a date range with 400', async () => {
    const app = await build();
    const { customer, admin } = await signinAs(app, ['customer', 'admin']);

    for (const subject of ['Backup\u0000failed', '\uD800abc']) {
      const created = await app.inject({ method: 'POST', url: '/backend/support/create', headers: customer.headers, payload: { userId: customer.userId, subject, description: 'ok' } });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ errorMessage: `subject: ${STORABLE_MESSAGES.invalidCharacters}` });
    }

    const searched = await app.inject({ method: 'GET', url: '/backend/support/tickets?q=a%00b', headers: customer.headers });
    expect(searched.statusCode).toBe(400);
    expect(searched.json()).toEqual({ errorMessage: `q: ${STORABLE_MESSAGES.invalidCharacters}` });
    const auditSearch = await app.inject({ method: 'GET', url: '/backend/admin/audit?search=%00', headers: admin.headers });
    expect(auditSearch.statusCode).toBe(400);

    for (const day of ['2026-13-45', '2026-02-30', '0000-01-01']) {
      const ranged = await app.inject({ method: 'GET', url: `/backend/support/tickets?from=${day}`, headers: customer.headers });
      expect(ranged.statusCode).toBe(400);
      expect(ranged.json()).toEqual({ errorMessage: 'from must be a date (YYYY-MM-DD)' });
    }
    for (const at of ['+275760-09-13T00:00:00Z', '2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z']) {
      const ranged = await app.inject({ method: 'GET', url: `/backend/admin/audit?to=${encodeURIComponent(at)}`, headers: admin.headers });
      expect(ranged.statusCode).toBe(400);
      expect(ranged.json()).toEqual({ errorMessage: `to: ${STORABLE_MESSAGES.invalidDate}` });
    }

    // Well-formed input still works, emoji included.
    const ok = await app.inject({ method: 'POST', url: '/backend/support/create', headers: customer.headers, payload: { userId: customer.userId, subject: 'Backup \u{1F600}', description: 'ok' } });
    expect(ok.statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/backend/support/tickets?from=2024-02-29&q=%F0%9F%98%80', headers: customer.headers })).statusCode).toBe(200);
  });
});
