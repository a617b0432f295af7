import { startEmulator, type Emulator, type EmulatorOptions } from '../index';

export type Json = Record<string, unknown>;

/** A client-credentials token request to the emulator's identity platform, as an app registration makes it. */
export function requestToken(emulator: Emulator, secret = emulator.clientSecret, scope = 'https://graph.microsoft.com/.default'): Promise<Response> {
  return fetch(`${emulator.authorityUrl}/${emulator.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: emulator.clientId, client_secret: secret, scope }).toString(),
  });
}

export interface GraphSession {
  emulator: Emulator;
  /** An app-only access token for the emulator's tenant. */
  token: string;
  /** fetch on Graph with the token; a full URL (a nextLink or deltaLink) is fetched as it is. */
  graph: (path: string, init?: RequestInit) => Promise<Response>;
  /** graph(), expecting a 2xx answer; its JSON body. */
  json: (path: string, init?: RequestInit) => Promise<Json>;
}

/**
 * An emulator and an app-only token for the tests around the call (the file, or a describe block):
 * started before the first, stopped after the last. Filled in by beforeAll, so read `emulator` and
 * `token` in hooks and tests, not at load time.
 */
export function graphSession(options: EmulatorOptions): GraphSession {
  const session: GraphSession = {
    emulator: {} as Emulator,
    token: '',
    graph: (path, init = {}) =>
      fetch(path.startsWith('http') ? path : `${session.emulator.url}${path}`, { ...init, headers: { authorization: `Bearer ${session.token}`, ...(init.headers ?? {}) } }),
    json: async (path, init = {}) => {
      const response = await session.graph(path, init);
      expect(response.status).toBeLessThan(300);
      return (await response.json()) as Json;
    },
  };
  beforeAll(async () => {
    Object.assign(session.emulator, await startEmulator(options));
    session.token = ((await (await requestToken(session.emulator)).json()) as { access_token: string }).access_token;
  });
  afterAll(() => session.emulator.stop());
  return session;
}
