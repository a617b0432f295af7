import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { acceptsApiKeys } from '@portal/contracts/endpoint';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import { build, post, signin } from '../test/build';

const API_DIR = path.resolve(__dirname, '../..');

/**
 * Validates a document against the OpenAPI 3.1 JSON Schema with a validator we did not write. It is
 * an ES module, which jest's CommonJS runtime cannot load on Node 20: it runs in a plain node.
 */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(text));
    process.stdout.write(JSON.stringify({ valid: result.valid && validator.version === '3.1', errors: result.errors }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: API_DIR, input: JSON.stringify(document), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

describe('OpenAPI document and reference', () => {
  test('every descriptor is a registered route and an operation of a valid OpenAPI 3.1 document', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/backend/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(validateOpenApi(document)).toEqual({ valid: true });
    expect(document.servers).toEqual([{ url: '/backend' }]);
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect({ name, registered: app.hasRoute({ method: endpoint.method, url: `/backend${endpoint.path}` }) }).toEqual({ name, registered: true });
      const openApiPath = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[endpoint.method.toLowerCase()];
      expect({ name, operationId: operation?.operationId }).toEqual({ name, operationId: name });
      if (endpoint.access.kind === 'public') expect(operation.security).toEqual([]);
    }
  });

  test('the interactive reference is served under /backend/docs, without a session', async () => {
    const app = await build();
    const bare = await app.inject({ method: 'GET', url: '/backend/docs' });
    expect({ status: bare.statusCode, location: bare.headers.location }).toEqual({ status: 301, location: '/backend/docs/' });
    const page = await app.inject({ method: 'GET', url: '/backend/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
  });

  test('a descriptor decides access and status: no session 401, a session 200, a creation 201', async () => {
    const app = await build();
    const anonymous = await app.inject({ method: 'GET', url: '/backend/support/tickets' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await signin(app, 'customer');
    const ok = await app.inject({ method: 'GET', url: '/backend/support/tickets', headers: customer.headers });
    expect(ok.statusCode).toBe(200);
    // A descriptor's status is the route's: creating a ticket answers 201.
    const created = await post(app, 'support/create', { userId: customer.userId, subject: 'Status', description: 'From the descriptor' }, customer.headers);
    expect(created.statusCode).toBe(201);
  });

  test('operations that accept API keys list the apiKey scheme, exactly those the descriptors mark', async () => {
    const app = await build();
    const document = (await app.inject({ method: 'GET', url: '/backend/docs/json' })).json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withKeys: string[] = [];
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const operation = document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')][endpoint.method.toLowerCase()];
      const listsKey = (operation.security as Record<string, string[]>[]).some((scheme) => 'apiKey' in scheme);
      expect({ name, listsKey }).toEqual({ name, listsKey: acceptsApiKeys(endpoint.access) });
      if (listsKey) withKeys.push(name);
    }
    expect(withKeys).toEqual(expect.arrayContaining(['listBackupSets', 'listJobs', 'listSnapshots', 'listAlerts', 'getDashboardSummary']));
    for (const name of ['signin', 'changePassword', 'getAccountProfile', 'enableMfa', 'listApiKeys', 'createApiKey', 'revokeApiKey']) expect(withKeys).not.toContain(name);
  });
});
