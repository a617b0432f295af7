import Fastify from 'fastify';
import { openTestDatabase } from '../test/build';
import { isDataException, useErrorHandling } from './error-handling';

// The database's own refusals, not a schema's: a value the schemas let through must still be a 400.
describe('error handler and database data exceptions', () => {
  it.each([
    ['a NUL in text', 'select $1::text as v', 'a\u0000b'],
    ['an impossible date', 'select $1::date as v', '2026-02-30'],
    ['a year PostgreSQL cannot read', 'select $1::timestamptz as v', '+275760-09-13T00:00:00Z'],
    ['text that is not a uuid', 'select $1::uuid as v', 'not-a-uuid'],
    ['a number out of range', 'select $1::int as v', '99999999999'],
  ])('answers 400 Bad request for %s', async (_name, sql, value) => {
    const db = await openTestDatabase();
    const app = Fastify();
    useErrorHandling(app);
    app.get('/probe', async () => (await db.query(sql, [value])).rows);
    const response = await app.inject({ method: 'GET', url: '/probe' });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: 'Bad request' });
  });

  it('still answers 500 for a failure that is not the input', async () => {
    const db = await openTestDatabase();
    const app = Fastify();
    useErrorHandling(app);
    app.get('/probe', async () => (await db.query('select * from no_such_table')).rows);
    const response = await app.inject({ method: 'GET', url: '/probe' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errorMessage: 'Internal server error' });
  });

  it('recognises class 22 codes only', () => {
    expect(['22021', '22007', '22008', '22P02', '22003', '22P05'].every((code) => isDataException({ code }))).toBe(true);
    expect(['42P01', '23505', 'FST_ERR_VALIDATION', '2202', undefined].some((code) => isDataException({ code }))).toBe(false);
    expect(isDataException(null)).toBe(false);
  });
});
