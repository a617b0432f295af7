import { graphSession } from './test/graph-session';

interface BatchAnswer {
  responses: { id: string; status: number; headers: Record<string, string>; body?: Record<string, unknown> & { error?: { code: string } } }[];
}

describe('JSON batching and unsupported delta', () => {
  const session = graphSession({ seed: 'batch', size: 500 });
  const { emulator } = session;
  afterEach(() => {
    emulator.setThrottle(null);
    emulator.setFailure(null);
  });

  const batch = (payload: unknown, path = '/$batch') =>
    fetch(`${emulator.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const byId = (answer: BatchAnswer) => Object.fromEntries(answer.responses.map((r) => [r.id, r]));

  it('runs independent GETs as if each had come alone', async () => {
    const [u0] = emulator.tenant.users;
    const before = emulator.stats();
    const response = await batch({
      requests: [
        { id: '1', method: 'GET', url: `/users/${u0.id}` },
        { id: '2', method: 'GET', url: 'users?$top=1&$select=displayName' },
        { id: '3', method: 'GET', url: '/users?$top=2' },
        { id: '4', method: 'GET', url: '/users/no-such-user' },
      ],
    });
    expect(response.status).toBe(200);
    const answers = byId((await response.json()) as BatchAnswer);
    expect(answers['1']).toMatchObject({ status: 200, body: { id: u0.id, '@odata.context': expect.stringContaining('$metadata#users/$entity') } });
    expect(answers['1'].headers['request-id']).toEqual(expect.any(String));
    expect(Object.keys((answers['2'].body as { value: object[] }).value[0]).sort()).toEqual(['displayName', 'id']);
    expect((answers['3'].body as { value: unknown[] }).value).toHaveLength(2);
    expect(answers['4'].status).toBe(404);
    // One Graph request over the network; four Graph requests served.
    expect(emulator.stats().graphHttpRequests - before.graphHttpRequests).toBe(1);
    expect(emulator.stats().graphRequests - before.graphRequests).toBe(4);
  });

  it('accepts the percent-encoded segment and refuses a version segment inside the batch', async () => {
    const response = await batch({ requests: [{ id: 'a', method: 'GET', url: '/v1.0/users' }] }, '/%24batch');
    expect(response.status).toBe(200);
    expect(byId((await response.json()) as BatchAnswer).a.status).toBe(400);
  });

  it('orders a dependsOn chain and answers 424 when a dependency failed', async () => {
    const user = emulator.tenant.users[2];
    const response = await batch({
      requests: [
        { id: '3', method: 'GET', url: `/users/${user.id}/mailFolders/inbox`, dependsOn: ['2'] },
        { id: '1', method: 'POST', url: `/users/${user.id}/mailFolders`, headers: { 'Content-Type': 'application/json' }, body: { displayName: 'Batch folder' } },
        { id: '2', method: 'GET', url: `/users/${user.id}/mailFolders?$top=100`, dependsOn: ['1'] },
        { id: 'bad', method: 'GET', url: '/users/no-such-user' },
        { id: 'after-bad', method: 'GET', url: '/users', dependsOn: ['bad'] },
        { id: 'after-after', method: 'GET', url: '/users', dependsOn: ['after-bad'] },
      ],
    });
    expect(response.status).toBe(200);
    const answers = byId((await response.json()) as BatchAnswer);
    expect(answers['1'].status).toBe(201);
    // The folder created by request 1 is listed by request 2, which ran after it.
    expect((answers['2'].body as { value: { displayName: string }[] }).value.map((f) => f.displayName)).toContain('Batch folder');
    expect(answers['3'].status).toBe(200);
    expect(answers.bad.status).toBe(404);
    expect(answers['after-bad']).toMatchObject({ status: 424, body: { error: { code: 'FailedDependency' } } });
    expect(answers['after-after'].status).toBe(424);
  });

  it('refuses more than 20 requests, duplicate ids, unknown dependencies and malformed bodies with 400', async () => {
    const get = (id: string) => ({ id, method: 'GET', url: '/organization' });
    const tooMany = await batch({ requests: Array.from({ length: 21 }, (_, i) => get(String(i))) });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: { code: 'BadRequest', innerError: { 'request-id': expect.any(String) } } });
    const twenty = await batch({ requests: Array.from({ length: 20 }, (_, i) => get(String(i))) });
    expect(twenty.status).toBe(200);
    expect(((await twenty.json()) as BatchAnswer).responses.every((r) => r.status === 200)).toBe(true);
    for (const payload of [
      { requests: [get('x'), get('X')] },
      { requests: [{ ...get('1'), dependsOn: ['9'] }] },
      { requests: [{ ...get('1'), dependsOn: ['2'] }, { ...get('2'), dependsOn: ['1'] }] },
      { requests: [{ id: '1', method: 'GET' }] },
      { nothing: [] },
      '{ not json',
    ]) {
      const answer = await batch(payload);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: 'BadRequest', message: expect.any(String) } });
    }
    const unauthenticated = await fetch(`${emulator.url}/$batch`, { method: 'POST', body: JSON.stringify({ requests: [get('1')] }) });
    expect(unauthenticated.status).toBe(401);
  });

  it('throttles and fails each request on its own while the others succeed', async () => {
    const [u0, u1, u2] = emulator.tenant.users;
    emulator.setThrottle({ count: 1, retryAfterSeconds: 7, match: `/users/${u1.id}` });
    const response = await batch({
      requests: [u0, u1, u2].map((u, i) => ({ id: String(i), method: 'GET', url: `/users/${u.id}` })),
    });
    expect(response.status).toBe(200);
    const answers = byId((await response.json()) as BatchAnswer);
    expect(answers['0'].status).toBe(200);
    expect(answers['1']).toMatchObject({ status: 429, headers: { 'retry-after': '7' }, body: { error: { code: 'TooManyRequests' } } });
    expect(answers['2'].status).toBe(200);

    // A rule without `match` applies to each request in the batch, not to the envelope.
    emulator.setFailure({ status: 503, every: 2 });
    const failing = await batch({ requests: [0, 1, 2, 3].map((i) => ({ id: String(i), method: 'GET', url: '/organization', dependsOn: i ? [String(i - 1)] : undefined })) });
    expect(failing.status).toBe(200);
    expect(((await failing.json()) as BatchAnswer).responses.map((r) => r.status)).toEqual([200, 503, 424, 424]);

    // A request whose connection drops gets a 503 of its own; the batch and the others are answered.
    emulator.setFailure({ disconnect: true, count: 1, match: `/users/${u2.id}` });
    const dropped = await batch({ requests: [u0, u2].map((u, i) => ({ id: String(i), method: 'GET', url: `/users/${u.id}` })) });
    expect(dropped.status).toBe(200);
    const droppedAnswers = byId((await dropped.json()) as BatchAnswer);
    expect(droppedAnswers['0'].status).toBe(200);
    expect(droppedAnswers['1']).toMatchObject({ status: 503, body: { error: { code: 'ServiceNotAvailable' } } });
  });

  it('answers a /delta where Graph v1.0 has none as an unknown segment, not a missing item', async () => {
    const user = emulator.tenant.users[0];
    for (const path of [`/users/${user.id}/events/delta`, `/users/${user.id}/calendar/events/delta`, `/organization/delta`]) {
      const answer = await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: 'BadRequest', message: "Resource not found for the segment 'delta'." } });
    }
    const supported = await fetch(`${emulator.url}/users/${user.id}/mailFolders/inbox/messages/delta`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(supported.status).toBe(200);
  });
});
