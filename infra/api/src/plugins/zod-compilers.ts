import type { FastifyInstance } from 'fastify';
import { toStorableDeep } from '@portal/contracts';
import type { ZodError, ZodType } from 'zod';

/** A client input problem with a message that is safe and meant to be shown. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
}

export function formatZodError(error: ZodError, part: string): string {
  return error.issues
    .map((issue) => {
      if (issue.path.length === 0) {
        if (issue.code === 'invalid_type') return part === 'body' ? 'Request body must be a JSON object' : `Invalid ${part}`;
        return issue.message;
      }
      // Our schemas already name the field in their messages (or are whole sentences: "Username is a
      // required field"); zod's defaults and the spec's bare templates ("must be a valid email") do not.
      const field = issue.path.join('.');
      if (issue.message.includes(field) || /^[A-Z]/.test(issue.message)) return issue.message;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

/** Routes declare zod schemas; these compilers make fastify validate and serialise with them. */
export function useZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      if (result.success) return { value: result.data };
      return { error: new RequestValidationError(formatZodError(result.error, httpPart ?? 'request')) };
    };
  });
  // Parsing the reply strips any column a schema does not list, so internals cannot leak. Text
  // that never passed the database (a live Graph answer, backed-up item content) may hold a NUL or
  // a lone surrogate, which the contracts refuse as input: a reply shows it as U+FFFD rather than fail.
  app.setSerializerCompiler(({ schema }) => {
    const zodSchema = schema as unknown as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return JSON.stringify(result.success ? result.data : zodSchema.parse(toStorableDeep(data)));
    };
  });
}
