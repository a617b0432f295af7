/** What the wrapper resolves with when a call fails (spec section 8). */
export interface ErrorResult {
  errorMessage: string;
}

/** A call's outcome: the success body, or `{ errorMessage }`. */
export type ApiResult<T> = (T & { errorMessage?: undefined }) | ErrorResult;

export const isErrorResult = (value: unknown): value is ErrorResult =>
  typeof value === 'object' && value !== null && typeof (value as { errorMessage?: unknown }).errorMessage === 'string';
