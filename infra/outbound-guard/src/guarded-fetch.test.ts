import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedFetch } from './guarded-fetch';
import { OutboundPolicy } from './outbound-policy';

// Two loopback servers stand in for an internal service an attacker would like the server to call.
let seen: { url?: string; authorization?: string }[] = [];
let target: http.Server;
let redirector: http.Server;
let targetPort = 0;
let redirectorPort = 0;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  target = http.createServer((request, response) => {
    seen.push({ url: request.url, authorization: request.headers.authorization });
    response.end('internal secret');
  });
  targetPort = await listen(target);
  redirector = http.createServer((_request, response) => {
    response.writeHead(302, { location: `http://localhost:${targetPort}/moved` }).end();
  });
  redirectorPort = await listen(redirector);
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  await new Promise((resolve) => redirector.close(resolve));
});
beforeEach(() => {
  seen = [];
});

describe('createGuardedFetch', () => {
  it('never connects to a loopback service by default, whatever the name or port', async () => {
    const guarded = createGuardedFetch(new OutboundPolicy());
    await expect(guarded(`http://127.0.0.1:${targetPort}/`)).rejects.toMatchObject({ code: 'OUTBOUND_REFUSED' });
    await expect(guarded(`http://localhost:${targetPort}/`)).rejects.toMatchObject({ code: 'OUTBOUND_REFUSED' });
    expect(seen).toEqual([]);
  });

  it('refuses a configured name that resolves into a network that is not configured', async () => {
    const guarded = createGuardedFetch(new OutboundPolicy({ origins: [`http://localhost:${targetPort}`] }));
    await expect(guarded(`http://localhost:${targetPort}/`)).rejects.toMatchObject({ code: 'OUTBOUND_REFUSED', message: `localhost is not an allowed Microsoft 365 endpoint` });
    expect(seen).toEqual([]);
  });

  it('reaches a configured origin in a configured network', async () => {
    const guarded = createGuardedFetch(new OutboundPolicy({ origins: [`http://localhost:${targetPort}`], networks: ['127.0.0.0/8', '::1'] }));
    const response = await guarded(`http://localhost:${targetPort}/ok`);
    expect(await response.text()).toBe('internal secret');
  });

  it('checks every redirect hop, and does not carry the bearer token to another origin', async () => {
    const onlyRedirector = createGuardedFetch(new OutboundPolicy({ origins: [`http://127.0.0.1:${redirectorPort}`], networks: ['127.0.0.0/8', '::1'] }));
    await expect(onlyRedirector(`http://127.0.0.1:${redirectorPort}/`, { headers: { authorization: 'Bearer t' } })).rejects.toMatchObject({ code: 'OUTBOUND_REFUSED' });
    expect(seen).toEqual([]);

    const both = createGuardedFetch(
      new OutboundPolicy({ origins: [`http://127.0.0.1:${redirectorPort}`, `http://localhost:${targetPort}`], networks: ['127.0.0.0/8', '::1'] }),
    );
    const response = await both(`http://127.0.0.1:${redirectorPort}/`, { headers: { authorization: 'Bearer t' } });
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ url: '/moved', authorization: undefined }]);
  });
});
