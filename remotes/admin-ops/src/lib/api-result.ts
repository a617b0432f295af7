/** The typed calls resolve with the body or `{ errorMessage }`; this tells them apart. */
export function errorOf(result: unknown): string | null {
  if (result && typeof result === 'object' && 'errorMessage' in result) {
    const message = (result as { errorMessage?: unknown }).errorMessage;
    if (typeof message === 'string') return message;
  }
  return null;
}
