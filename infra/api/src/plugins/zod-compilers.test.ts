import Fastify from 'fastify';
import { storableString } from '@portal/contracts';
import { z } from 'zod';
import { useZodCompilers } from './zod-compilers';

// The contracts refuse a NUL or a lone surrogate as input; a reply can still meet one in text that
// never passed the database (a live Graph answer, backed-up item content). It must not become a 500.
test('a reply holding a NUL or a lone surrogate is sent with U+FFFD instead of failing', async () => {
  const app = Fastify();
  useZodCompilers(app);
  const schema = z.object({ items: z.array(z.object({ name: storableString() })) });
  app.get('/items', { schema: { response: { 200: schema } } }, async () => ({ items: [{ name: 'Budget\u0000.xlsx' }, { name: 'half \ud83d emoji', internal: 'stripped' }] }));
  const response = await app.inject('/items');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ items: [{ name: 'Budget\ufffd.xlsx' }, { name: 'half \ufffd emoji' }] });
  await app.close();
});

test('a reply that does not match its schema for another reason still fails loudly', async () => {
  const app = Fastify();
  useZodCompilers(app);
  app.get('/wrong', { schema: { response: { 200: z.object({ count: z.number() }) } } }, async () => ({ count: 'many' }));
  expect((await app.inject('/wrong')).statusCode).toBe(500);
  await app.close();
});
