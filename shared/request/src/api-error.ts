import { isErrorResult } from './api-result';

/**
 * A failed API call, as the data layer raises it. The request wrapper itself resolves with
 * `{ errorMessage }` (spec section 8); queries and mutations turn that into this error, so a page
 * reads `error.message` instead of checking every answer by hand.
 */
export class ApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text to show for anything a query, a mutation or a handler threw. */
export const errorMessageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The success body, or the wrapper's `{ errorMessage }` raised as an ApiError. */
export function unwrap<T>(result: T | { errorMessage: string }): T {
  if (isErrorResult(result)) throw new ApiError(result.errorMessage);
  return result as T;
}
