import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../services/errors';
import { RequestValidationError } from './zod-compilers';

const GENERIC_4XX: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests',
};

/**
 * Only messages we wrote (HttpError, validation) or fastify's own request errors (FST_*, which
 * describe the request, not the server) reach the client; anything else gets a generic text.
 */
function clientMessage(error: FastifyError, status: number): string {
  if (error instanceof HttpError || error instanceof RequestValidationError) return error.message;
  if (typeof error.code === 'string' && error.code.startsWith('FST_') && error.message) return error.message;
  return GENERIC_4XX[status] ?? 'Bad request';
}

/**
 * SQLSTATE class 22 (data exception: NUL in text, an impossible date, a number out of range, text
 * that is not a uuid...), raised the same way by PostgreSQL and PGlite: the database refused a value
 * the client sent, so it is the request's fault. The schemas refuse these first; this covers any
 * field they miss.
 */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export function useErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDataException(error)) {
      // The code and route only: the database's message may quote what the user typed.
      request.log.warn({ sqlState: error.code, route: request.routeOptions.url, reqId: request.id }, 'database refused a request value');
      reply.code(400).send({ errorMessage: GENERIC_4XX[400] });
      return;
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      reply.code(status).send({ errorMessage: clientMessage(error, status) });
      return;
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    reply.code(500).send({ errorMessage: 'Internal server error' });
  });
}

/**
 * JSON bodies: an empty body is allowed (signout has none) and malformed JSON is a 400 with a
 * readable message rather than the parser's internals.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new RequestValidationError('Request body is not valid JSON'), undefined);
    }
  });
}
