/** Every call resolves with its body or `{ errorMessage }` (see @portal/request). */
export function errorOf(result: unknown): string | null {
  if (result && typeof result === 'object' && 'errorMessage' in result) {
    const message = (result as { errorMessage?: unknown }).errorMessage;
    if (typeof message === 'string') return message;
  }
  return null;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
