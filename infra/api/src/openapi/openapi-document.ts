import { isRawResponse, pathParamNames, type EndpointDescriptor } from '@portal/contracts/endpoint';
import { z, type ZodType } from 'zod';

type JsonSchema = Record<string, unknown>;

// Requests are described as the client sends them (before defaults and coercion), answers as the
// server sends them. Refinements and transforms have no JSON Schema form: they are left out.
const jsonSchema = (schema: ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { errorMessage: { type: 'string', description: 'A message meant for the user (spec section 8)' } },
  required: ['errorMessage'],
};

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function security(access: EndpointDescriptor['access']): { security: Record<string, string[]>[]; description?: string } {
  switch (access.kind) {
    case 'public':
      return { security: [] };
    case 'scrape':
      return { security: [{ metricsToken: [] }, { session: [] }], description: 'METRICS_TOKEN, or a session of an ADMIN.' };
    case 'session': {
      const notes = [
        access.roles ? `Roles: ${access.roles.join(', ')}.` : 'Any signed-in user.',
        access.mfaPending ? 'Also accepted while the second factor is pending.' : '',
        access.self ? `The userId in the ${access.self === 'params' ? 'path' : 'body'} must be the caller's own (404 otherwise).` : '',
        access.apiKey ? "Also accepts an organisation's API key, acting as that organisation's users (a read-only key: GET only)." : '',
      ];
      return { security: [{ session: [] }, ...(access.apiKey ? [{ apiKey: [] }] : [])], description: notes.filter(Boolean).join(' ') };
    }
  }
}

function parameters(endpoint: EndpointDescriptor): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (schema: ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (object.required ?? []).includes(name), schema: property });
    }
  };
  add(endpoint.params, 'path');
  add(endpoint.query, 'query');
  // A path parameter the schema does not list is still a parameter.
  for (const name of pathParamNames(endpoint.path)) {
    if (!list.some((p) => p.in === 'path' && p.name === name)) list.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return list;
}

function operation(name: string, endpoint: EndpointDescriptor): JsonSchema {
  const { status, schema } = endpoint.response;
  const access = security(endpoint.access);
  const notes = [
    endpoint.description,
    access.description,
    endpoint.openInMaintenance ? 'Stays open during maintenance.' : '',
    endpoint.openToReadOnly ? 'Open to read-only users (it acts on their own account only).' : '',
  ].filter(Boolean);
  const success = isRawResponse(schema)
    ? { description: schema.description, content: { [schema.contentType]: {} } }
    : { description: endpoint.summary, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } };
  return {
    operationId: name,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(notes.length ? { description: notes.join(' ') } : {}),
    security: access.security,
    parameters: parameters(endpoint),
    ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } } : {}),
    responses: {
      [status]: success,
      400: error('Invalid input'),
      ...(endpoint.access.kind === 'public' ? {} : { 401: error('No valid session'), 403: error('Not allowed for this role') }),
      404: error('Not found, or not within the caller’s organisation'),
      429: error('Too many attempts'),
    },
  };
}

type Operations = { paths: Record<string, Record<string, JsonSchema>>; tags: { name: string }[] };

// The descriptors are constants, and turning their zod schemas into JSON Schema is most of an app's
// start-up cost: done once per set of descriptors, not for every app a process (or a test) builds.
const operationsCache = new WeakMap<Record<string, EndpointDescriptor>, Operations>();

function operations(endpoints: Record<string, EndpointDescriptor>): Operations {
  const cached = operationsCache.get(endpoints);
  if (cached) return cached;
  const paths: Operations['paths'] = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  const tags = [...new Set(Object.values(endpoints).map((e) => e.tag))].sort().map((name) => ({ name }));
  const built = deepFreeze({ paths, tags });
  operationsCache.set(endpoints, built);
  return built;
}

/** Frozen, so that no consumer of one app's document can change another app's. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The OpenAPI 3.1 document of every endpoint, generated from the descriptors (served under /backend/docs). */
export function openApiDocument(endpoints: Record<string, EndpointDescriptor>, info: { version: string; basePath: string }): JsonSchema {
  const { paths, tags } = operations(endpoints);
  return {
    openapi: '3.1.0',
    info: { title: 'Cloud Backup Portal API', version: info.version },
    servers: [{ url: info.basePath }],
    tags,
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The accessToken of api/signin' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (api/metrics only)' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cbk_<id>_<secret>',
          description: "An organisation's API key (Settings, API Keys), sent as `Authorization: Bearer cbk_…`; only the operations that list this scheme accept it",
        },
      },
    },
  };
}
