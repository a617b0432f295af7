/** The typed calls resolve with the body or `{ errorMessage }`; this tells them apart. */
export function isApiError(result: unknown): result is { errorMessage: string } {
  return typeof result === 'object' && result !== null && 'errorMessage' in result && (result as { errorMessage?: unknown }).errorMessage !== undefined;
}

/** Resolves with the body, or throws the API's error message so callers can use one catch. */
export async function unwrap<T>(pending: Promise<T | { errorMessage: string }>): Promise<T> {
  const result = await pending;
  if (isApiError(result)) throw new Error(result.errorMessage);
  return result as T;
}
